/** The screen's address, shared by the router and the user menu without pulling the screen into the shell. */
export const PERSONAL_ACCESS_TOKENS_PATH = '/profile/personal-api-tokens';
