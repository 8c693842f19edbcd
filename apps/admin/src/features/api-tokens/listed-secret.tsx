import { Text } from '@mantine/core';

/**
 * What a token list can truthfully show of a secret. The server keeps only a hash and lists each token as the
 * prefix, the first and last characters of its random part, and "…" between them. Where a secret was too short to
 * show any (or was listed before the server kept its ending), "…#" and a fingerprint of its hash stand in: that
 * fingerprint is left out, lest it be taken for the secret's last characters.
 */
export function listedSecret(listed: string): { text: string; ending: boolean } {
  const fingerprint = listed.indexOf('…#');
  if (fingerprint >= 0) return { text: listed.slice(0, fingerprint + 1), ending: false };
  return { text: listed, ending: listed.includes('…') };
}

/** A listed secret in a token list, with what it shows in its tooltip. */
export function ListedSecret({ listed }: { listed: string }) {
  const shown = listedSecret(listed);
  return (
    <Text
      size="xs"
      c="dimmed"
      ff="monospace"
      title={
        shown.ending
          ? 'The first and last characters of the secret: the whole secret was shown once, when the token was created'
          : 'The start of the secret: the rest was shown once, when the token was created'
      }
    >
      {shown.text}
    </Text>
  );
}
