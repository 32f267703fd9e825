// A student's certificate calls send their access token (app/lib/access-token.ts).
export { tokenFrom, type TokenSource } from "#app/lib/access-token";
