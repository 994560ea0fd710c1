/** An error whose message is safe to show to the user as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the client should wait before trying again (a Retry-After header), when known. */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Accesso richiesto: effettua il login') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Risorsa non trovata') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Troppi tentativi: riprova tra qualche minuto', retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds);
/** A service we depend on is out of reach; `cause` keeps its error for the server log. */
export const serviceUnavailable = (message: string, retryAfterSeconds?: number, cause?: unknown) =>
  new HttpError(503, message, retryAfterSeconds, { cause });
