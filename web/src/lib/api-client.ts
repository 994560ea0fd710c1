import type { ZodMiniType } from 'zod/mini';

/** A non-OK answer from our API. `message` is the server's `{message}` when it sent one, else `"<status>: <body>"`. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `{message}` (Italian, safe to show), or null when the body had none. */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, serverMessage: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the JSON answer; without it the answer is returned unchecked. */
  schema?: ZodMiniType<T>;
  /** Sent besides the JSON ones (e.g. `X-Time-Zone`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls our API with the session cookie (`credentials: 'include'`), sends `body` as JSON and
 * parses the JSON answer. A 204 resolves to `undefined`. A non-OK answer throws `ApiError`.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });

  return readApiResponse(response, schema);
}

/** An answer of our API as `apiFetch` returns it: JSON (checked by `schema`), or `ApiError`. */
export async function readApiResponse<T = unknown>(response: Response, schema?: ZodMiniType<T>): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  return schema ? schema.parse(data) : (data as T);
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message !== '') {
      serverMessage = parsed.message;
    }
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to "status: body".
  }
  return new ApiError(response.status, serverMessage ?? `${response.status}: ${text}`, serverMessage);
}

/** What to show the user for a failed call: the server's own message, else the screen's Italian fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
