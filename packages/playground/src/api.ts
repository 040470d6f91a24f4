import type { EditorSchema } from "@itemfilter/codemirror";

export interface TableInfo {
  name: string;
  primaryKey: string;
  secondaryKey?: string;
  count: number;
  schema: EditorSchema;
}

export interface Credentials {
  applicationKey: string;
  authenticationToken: string;
}

export interface Session {
  tables: TableInfo[];
  credentials: Credentials;
}

export type Item = Record<string, unknown>;

/** The playground server did not hand out its table list. */
export class RunError extends Error {
  override name = "RunError";
}

/** The tables the playground server holds, with schemas derived from their items. */
export async function loadSession(): Promise<Session> {
  const answer = await fetch("/playground/tables", { headers: { Accept: "application/json" } });
  if (!answer.ok) throw new RunError(`the table list did not load (HTTP ${answer.status})`);
  return (await answer.json()) as Session;
}
