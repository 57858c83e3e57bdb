// What `api-diff` reports: operations matched by method and path (path parameters' names do not
// count), and for each matched operation its changes, each breaking or not (rules in the README).

/** Where a change is: a parameter's location, the request body, a response, the security or the operation itself. */
export type ChangeLocation = 'path' | 'query' | 'header' | 'cookie' | 'request' | 'response' | 'security' | 'operation';

export type ChangeKind =
  | 'operation-deprecated'
  | 'operation-undeprecated'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-required'
  | 'parameter-optional'
  | 'body-added'
  | 'body-removed'
  | 'body-required'
  | 'body-optional'
  | 'field-added'
  | 'field-removed'
  | 'field-required'
  | 'field-optional'
  | 'type-changed'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'response-added'
  | 'response-removed'
  | 'security-added'
  | 'security-removed';

export interface Change {
  kind: ChangeKind;
  in: ChangeLocation;
  /** A response's status code ('200', 'default'). */
  status?: string;
  /** A parameter's name, then the field's path inside its schema or the body's ('items[].price'); '' for the body itself. */
  name?: string;
  /** Types before and after, as 'string', 'integer | null', 'string (date-time)'. */
  from?: string;
  to?: string;
  /** An enum value (as JSON), or a security requirement ('oauth2 (orders:read)'). */
  value?: string;
  breaking: boolean;
}

export interface OperationRef {
  method: string;
  path: string;
}

export interface ChangedOperation extends OperationRef {
  changes: Change[];
}

export interface ApiDiff {
  operations: { added: OperationRef[]; removed: OperationRef[]; changed: ChangedOperation[] };
  /** Breaking changes, a removed operation counting as one. */
  breaking: number;
}
