/**
 * What a token list can truthfully show of a secret. The server keeps only a hash, and lists each token as its
 * real start, "…", and a fingerprint of that hash (which is not the secret's ending): so the start is shown, and
 * the fingerprint left out, lest it be taken for the last characters of the secret.
 */
export function listedSecretStart(listed: string): string {
  const mask = listed.indexOf('…');
  return mask >= 0 ? listed.slice(0, mask + 1) : listed;
}
