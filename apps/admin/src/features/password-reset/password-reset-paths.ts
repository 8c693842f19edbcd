/** The admin UI's pages of the password-reset flow; the server's emails link to the last two (Unleash's paths). */
export const FORGOT_PASSWORD_PATH = '/forgotten-password';
export const RESET_PASSWORD_PATH = '/reset-password';
export const WELCOME_PATH = '/new-user';
