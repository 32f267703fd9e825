// The one HTTP client of the site: every call to the API goes through apiRequest (docs/product.md#api).
// Same origin, the contract's paths (functions/openapi.json, generated into api-types.ts), one timeout, only a 2xx
// answer is a success, and every failure is an ApiError carrying the status and the server's message.
import type { components, paths } from "./api-types";

/** Every request gives up after this long (docs/product.md#constants, Limits). */
export const API_TIMEOUT_MS = 10_000;

export type ApiPath = keyof paths;
type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends ApiPath, M extends Method> = M extends keyof paths[P] ? paths[P][M] : never;

/** The JSON body of an operation's 200 (or 201) answer, from the contract. */
export type Answer<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { "application/json": infer T } } } }
    ? T
    : Operation<P, M> extends { responses: { 201: { content: { "application/json": infer T } } } }
      ? T
      : never;
/** The JSON body an operation takes, from the contract. */
export type Body<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { "application/json": infer B } } } ? B : never;

type ParamNames<S extends string> = S extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
type PathParams<P extends string> = [ParamNames<P>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<P>, string> };

/** A query string's parameters; empty and undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

export type RequestOptions<P extends ApiPath, M extends Method> = PathParams<P & string> & {
  headers?: Record<string, string>;
  query?: Query;
  /** A signed-in student's access token, sent as `Authorization: Bearer`. */
  token?: string;
  /** Let the request outlive the page (a last save as the tab closes). */
  keepalive?: boolean;
  /** Tests pass their own fetch. */
  fetch?: typeof fetch;
} & ([Body<P, M>] extends [never] ? { body?: undefined } : { body: Body<P, M> });

/** A non-2xx answer (`status` is the HTTP status), a timeout or a network failure (`status` 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's sentence (ErrorBody.message, else its `error` code, else a short plain-text body). */
    readonly serverMessage: string | undefined,
    readonly extra: { timedOut?: boolean; retryAfterSeconds?: number; fields?: Record<string, string>; messageField?: string; body?: object } = {},
  ) {
    super(serverMessage || statusText || "Network error");
    this.name = "ApiError";
  }
  get timedOut() {
    return this.extra.timedOut === true;
  }
  get retryAfterSeconds() {
    return this.extra.retryAfterSeconds;
  }
  /** The JSON ErrorBody's `message` only (not its code, not a plain-text body): what a form shows to the visitor. */
  get messageField() {
    return this.extra.messageField;
  }
  /** The refusal's JSON object as it came, for answers that carry more than a message (a full slot's next slots). */
  get body(): object | undefined {
    return this.extra.body;
  }
  /** For a refused form: each failing field with its reason. */
  get fields(): Record<string, string> {
    return this.extra.fields ?? {};
  }
}

type ErrorBody = components["schemas"]["ErrorBody"];

/** The refusal's ErrorBody, read defensively: the server (or a proxy in front of it) may send anything. */
function errorDetails(text: string): { message?: string; messageField?: string; fields?: Record<string, string>; body?: object } {
  if (!text) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { message: text.length < 300 ? text : undefined };
  }
  if (typeof body === "string") return { message: body };
  if (!body || typeof body !== "object") return {};
  const { message, error, fields } = body as { [K in keyof ErrorBody]?: unknown };
  const reasons: Record<string, string> = {};
  if (fields && typeof fields === "object") {
    for (const [name, reason] of Object.entries(fields)) if (typeof reason === "string") reasons[name] = reason;
  }
  const nonEmpty = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  return { message: nonEmpty(message) ?? nonEmpty(error), messageField: nonEmpty(message), fields: reasons, body };
}

function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""));
}

/** `?a=1&b=x`, or "" when every parameter is empty. */
export function queryString(query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Options may be left out when the operation takes neither path parameters nor a body. */
export type OptionsArg<P extends ApiPath, M extends Method> = object extends RequestOptions<P, M> ? [RequestOptions<P, M>?] : [RequestOptions<P, M>];

export interface SendOptions {
  params?: Record<string, string>;
  query?: Query;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body sent as it is, with its own media type (captions as `text/vtt`), instead of `body` as JSON. */
  raw?: { body: string | Blob; contentType: string };
  token?: string;
  keepalive?: boolean;
  fetch?: typeof fetch;
}

/** One request with the timeout; a 2xx answer is handed to `read` within it, anything else becomes an ApiError. */
export async function send<T>(method: string, path: string, options: SendOptions, accept: string, read: (res: Response) => Promise<T>): Promise<T> {
  const { params, query, headers, body, raw, token, keepalive, fetch: fetchImpl = fetch } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    let res: Response;
    try {
      res = await fetchImpl(fillPath(path, params) + queryString(query), {
        method: method.toUpperCase(),
        headers: {
          accept,
          ...(raw ? { "content-type": raw.contentType } : body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: raw ? raw.body : body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        keepalive,
      });
    } catch {
      // A browser's own failure text ("Failed to fetch") means nothing to a visitor: callers choose the words.
      const timedOut = controller.signal.aborted;
      throw new ApiError(0, timedOut ? "Request timed out" : "Network error", undefined, { timedOut });
    }
    if (res.status < 200 || res.status > 299) {
      const { message, messageField, fields, body: answer } = errorDetails(await res.text().catch(() => ""));
      const retry = Number(res.headers.get("retry-after"));
      throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`, message, {
        fields,
        messageField,
        body: answer,
        retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : undefined,
      });
    }
    try {
      return await read(res);
    } catch {
      const timedOut = controller.signal.aborted;
      throw new ApiError(0, timedOut ? "Request timed out" : "Network error", undefined, { timedOut });
    }
  } finally {
    clearTimeout(timer);
  }
}

export function apiRequest<P extends ApiPath, M extends Method>(method: M, path: P, ...[options]: OptionsArg<P, M>): Promise<Answer<P, M>> {
  return send(method, path, (options ?? {}) as SendOptions, "application/json", (res) =>
    res.json().catch(() => null) as Promise<Answer<P, M>>,
  );
}

export const apiGet = <P extends ApiPath>(path: P, ...options: OptionsArg<P, "get">) => apiRequest("get", path, ...options);
export const apiPost = <P extends ApiPath>(path: P, ...options: OptionsArg<P, "post">) => apiRequest("post", path, ...options);
export const apiPut = <P extends ApiPath>(path: P, ...options: OptionsArg<P, "put">) => apiRequest("put", path, ...options);
export const apiPatch = <P extends ApiPath>(path: P, ...options: OptionsArg<P, "patch">) => apiRequest("patch", path, ...options);
export const apiDelete = <P extends ApiPath>(path: P, ...options: OptionsArg<P, "delete">) => apiRequest("delete", path, ...options);
