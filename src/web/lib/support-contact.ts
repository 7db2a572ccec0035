/** Where people write for help that the app cannot give yet, such as a password reset. */
export const SUPPORT_EMAIL = "support@keepsake.app";
