// The demo booking's calls go through the one client's request (lib/api-client.ts), JSON both ways.
import { send, type SendOptions } from "../../../lib/api-client";

export const call = <T>(method: string, path: string, options: SendOptions = {}): Promise<T> =>
  send(method, path, options, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
