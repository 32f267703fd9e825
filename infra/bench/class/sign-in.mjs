// LOCAL ONLY: signs COUNT students in at the local OpenID provider (infra/oidc/server.mjs), each as a browser
// would (token.mjs: authorization code + PKCE through its sign-in page), a few at a time, and prints one line per
// student: the e-mail and the access token, separated by a space. For the class benchmark (bench_class.py).
// Usage: node sign-in.mjs ISSUER COUNT [PREFIX (default student)]
import { signIn } from "../../oidc/token.mjs";

const [issuer, count, prefix = "student"] = process.argv.slice(2);
if (!issuer || !count) {
  console.error("usage: node sign-in.mjs ISSUER COUNT [PREFIX]");
  process.exit(2);
}
const emails = Array.from({ length: Number(count) }, (_, i) => `${prefix}-${String(i + 1).padStart(3, "0")}@example.com`);
const tokens = new Array(emails.length);
let next = 0;
async function worker() {
  while (next < emails.length) {
    const i = next++;
    tokens[i] = (await signIn(issuer, emails[i])).access_token;
  }
}
await Promise.all(Array.from({ length: 8 }, worker));
for (const [i, email] of emails.entries()) console.log(`${email} ${tokens[i]}`);
