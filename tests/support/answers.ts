/**
 * Whether an answer is a deliberate one: a 4xx, or a 503 the server chose (payments not set up on
 * this server, the print engine busy). A 500 is a crash.
 */
export const notACrash = (status: number) => status < 500 || status === 503;
