/** An error answer of the server: DynamoDB's type and message, or DynoTable's own. */
export class ApiFailure extends Error {
  readonly status: number;
  /** `__type`: ValidationException, ResourceNotFoundException, MissingToken, ConfirmationRequired… */
  readonly type: string;
  /** Every other field of the answer (location, keyAttribute, hint…). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, type: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.type = type;
    this.details = details;
  }
}

/** Reads an error answer; a body that is not JSON still gives a failure with the status. */
export async function failureOf(response: Response): Promise<ApiFailure> {
  const text = await response.text();
  try {
    const { __type, message, ...details } = JSON.parse(text) as Record<string, unknown>;
    return new ApiFailure(
      response.status,
      typeof __type === 'string' ? __type : `Http${response.status}`,
      typeof message === 'string' ? message : response.statusText,
      details,
    );
  } catch {
    return new ApiFailure(response.status, `Http${response.status}`, text.slice(0, 500) || response.statusText);
  }
}

export function isFailure(error: unknown, type?: string): error is ApiFailure {
  return error instanceof ApiFailure && (type === undefined || error.type === type);
}
