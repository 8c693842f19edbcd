import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { untilText, type NextTransition } from './release-plan-model.ts';

/** "Half starts in 4 min 12 s", ticking each second; once due, says the server is about to start it. */
export function MilestoneCountdown({ next }: { next: NextTransition }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = next.at.getTime() - now;
  return (
    <Text size="sm" data-testid="milestone-countdown" title={next.at.toLocaleString()}>
      {left > 0
        ? `${next.milestone.name} starts by itself in ${untilText(left)}`
        : `${next.milestone.name} is due to start now`}
    </Text>
  );
}
