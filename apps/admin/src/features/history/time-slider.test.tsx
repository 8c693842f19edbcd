import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { fromLocalInput, toLocalInput } from './instant.ts';
import { TimeSlider } from './time-slider.tsx';

const NOW = new Date('2026-12-02T14:32:00');
const now = () => NOW;

describe('the time slider', () => {
  it('stands at the instant given, minutes back from now, and at now when none is', () => {
    const { unmount } = renderUi(
      <TimeSlider value={toLocalInput(new Date('2026-12-01T14:32:00'))} onChange={() => {}} now={now} />,
    );
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe(String(-24 * 60));
    unmount();
    renderUi(<TimeSlider value="" onChange={() => {}} now={now} />);
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Time: now')).toBeTruthy();
  });

  it('sets the instant a step earlier, and clears it back at now', () => {
    const onChange = vi.fn();
    renderUi(<TimeSlider value="" onChange={onChange} now={now} />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowLeft' });
    const chosen = onChange.mock.calls.at(-1)![0] as string;
    expect(fromLocalInput(chosen)).toBe(new Date('2026-12-02T14:31:00').toISOString());
  });

  it('writes the input text the exact "As of" field reads back to the same instant', () => {
    const at = new Date('2026-03-04T05:06:07');
    expect(toLocalInput(at)).toBe('2026-03-04T05:06:07');
    expect(fromLocalInput(toLocalInput(at))).toBe(at.toISOString());
  });
});
