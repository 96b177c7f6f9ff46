/** A response body that is JSON text already (a list page's items as the database wrote them). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The text of a response body: JSON text as it is, anything else through JSON.stringify. */
export function jsonBodyText(body: unknown): string {
  return body instanceof JsonText ? body.text : JSON.stringify(body);
}
