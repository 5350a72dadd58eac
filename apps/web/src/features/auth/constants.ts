/** The product's password minimum, on every form that sets a password (the server checks it too). */
export const PASSWORD_MIN_LENGTH = 6;
