/**
 * The examples each --help shows. Every one runs as printed against the
 * embedded demo data (test/examples.test.ts runs them all); one that needs a
 * real service says so in its description and names an https:// base URL,
 * which that test skips by name. One that names --dynamodb-endpoint
 * http://127.0.0.1:8000 runs against DynamoDB Local holding the demo tables,
 * with the AWS_* variables the README sets (the test starts it). The fixture
 * files they name (schema.json, filters.txt, items.json) are ones a reader has
 * or makes; the test makes them.
 */
export type Example = readonly [command: string, description: string];

export const EXAMPLES: Readonly<Record<string, readonly Example[]>> = {
  itemfilter: [
    ["itemfilter compile 'age >= 30 and plan = \"pro\"'", "the service's JSON for a filter"],
    ["itemfilter list --table users 'age >= 30'", "the demo users aged 30 or more"],
    ["itemfilter find --table users 'age < 30 or plan = \"pro\"'", "any filter: or, not, every operator (planned into requests)"],
    ["itemfilter repl", "type filters and see their JSON and results"],
  ],
  compile: [
    ["itemfilter compile 'name beginsWith \"ab\" and score >= 3'", "listItems filters"],
    ["itemfilter compile --query 'key between 10 and 20'", "a queryItems filter"],
    ["echo 'age >= 30' | itemfilter compile -", "read the filter from stdin"],
    ["printf 'a = 1\\nb >= 2\\n' | itemfilter compile --lines", "one compiled filter per input line (NDJSON)"],
    ["itemfilter compile --schema schema.json 'years >= 30'", "check names and types against a schema file"],
    ["itemfilter compile --now 2024-05-10T00:00:00Z 'orderedAt between now - 7d and now'", "dates relative to now (--now fixes the instant; default the current time)"],
  ],
  list: [
    ["itemfilter list --table users 'age >= 30'", "users aged 30 or more, from the demo data"],
    ["itemfilter list --table users --output ndjson 'city in (\"Oslo\", \"Lima\")'", "one JSON item per line"],
    ["itemfilter list --table users --limit 5 --output table", "the first five users as a table"],
    ["echo 'plan = \"pro\"' | itemfilter list --table users -", "the filter from stdin"],
    ["itemfilter list --table users --curl 'name beginsWith \"A\"'", "the equivalent curl command"],
    ["itemfilter list --table users --now 2024-10-01T08:00:00Z --time-zone Europe/Oslo 'signedUp between today - 1y and today'", "users who signed up in the year before today in Oslo"],
    ["itemfilter list --base-url https://api.example.com --table users 'age >= 30'", "ask a real service (needs credentials)"],
  ],
  query: [
    ["itemfilter query --table orders --key u001 'key beginsWith \"2024-03\"'", "customer u001's orders in March 2024"],
    ["itemfilter query --table readings --key cellar 'key between 1717200000 and 1717210800'", "three hours of the cellar sensor"],
    ["itemfilter query --table orders 'key beginsWith \"2024-03\"'", "without --key: every partition is read"],
    ["itemfilter query --table orders --key u001 --dry-run 'key between \"2024-01\" and \"2024-06\"'", "print the request body only"],
    ["itemfilter query --table orders --key u001 --now 2024-05-10T00:00:00Z 'key between now - 30d and now'", "customer u001's orders of the 30 days before --now"],
  ],
  find: [
    ["itemfilter find --table users 'age < 30 or plan = \"pro\"'", "'or' across attributes: one request each, results united"],
    ["itemfilter find --table users --explain 'not (plan = \"free\" or age >= 40)'", "the plan: requests, what the server filters, what is checked locally"],
    ["itemfilter find --table readings 'sensor = \"cellar\" and ts > 1717210000'", "one partition (the primary key) narrowed by the secondary key"],
    ["itemfilter find --table orders --explain --json 'customer = \"u001\" and orderedAt beginsWith \"2024\" and status != \"cancelled\"'", "the plan as JSON"],
    ["itemfilter find --table orders --now 2024-05-10T00:00:00Z --explain 'orderedAt > now - 7d and status != \"cancelled\"'", "a date relative to now: the plan shows both forms (where now - 7d = …)"],
    ["itemfilter find --table users --limit 3 --output table 'not (city in (\"Oslo\", \"Lima\"))'", "the first three matches as a table"],
    ["itemfilter find --table orders --order-by 'orderedAt desc' --limit 5 'customer in (\"u001\", \"u002\")'", "the five newest: each partition read in order, merged"],
    ["itemfilter find --table orders --count 'status = \"shipped\" or total > 200'", "how many match: the number alone on stdout"],
    ["itemfilter find --dynamodb-endpoint http://127.0.0.1:8000 --table users 'age < 30 or plan = \"pro\"'", "straight on a DynamoDB table (DynamoDB Local, loaded with itemfilter load)"],
    ["itemfilter find --dynamodb-endpoint http://127.0.0.1:8000 --table orders --explain 'customer = \"u001\" and orderedAt beginsWith \"2024\"'", "the Query or Scan inputs it would send to DynamoDB"],
    ["itemfilter find --dynamodb-endpoint http://127.0.0.1:8000 --table users --timeout 3 'age < 30'", "each DynamoDB call waits at most 3 s for its answer before it is retried (default 10)"],
    ["itemfilter find --base-url https://api.example.com --table events --primary-key device --secondary-key ts 'device = \"d42\" and ts > 1700000000'", "a service's table: name its keys so the plan can read one partition (needs credentials)"],
  ],
  why: [
    ["itemfilter why --table users --key u001 'age >= 30 and plan = \"pro\"'", "why user u001 is not among the pro users aged 30 or more"],
    ["itemfilter why --table users --key u007 'age >= 30 and plan = \"pro\"'", "why user u007 is"],
    ["itemfilter why --table orders --key u001 --secondary 2024-03-26T14:16:00Z 'status = \"shipped\" or total > 250'", "one order of a table with two keys"],
    ["itemfilter why --table orders --key u001 --secondary 2024-05-05T18:40:00Z --now 2024-05-10T00:00:00Z 'orderedAt > now - 7d'", "why an order is among the week's: the date and its value"],
    ["itemfilter why --table users --key u001 --json 'not (city in (\"Oslo\", \"Lima\"))'", "the explanation as JSON"],
  ],
  serve: [
    ["itemfilter serve", "serve the demo data on http://127.0.0.1:8787"],
    ["itemfilter serve --data items.json --port 0", "serve your own data on a free port"],
    ["itemfilter serve --dynamodb-endpoint http://127.0.0.1:8000", "serve DynamoDB's tables instead (DynamoDB Local here; the README shows how to start it)"],
    ["itemfilter serve --access access.json", "let in the keys an access file lists, each on its tables and scopes"],
    ["itemfilter serve --allow-origin http://localhost:5173", "let a page on another origin (Vite's dev server here) call it from the browser"],
  ],
  load: [
    ["itemfilter load --dynamodb-endpoint http://127.0.0.1:8000 --table users", "the demo users into DynamoDB Local, keyed as in the demo data"],
    ["itemfilter load --dynamodb-endpoint http://127.0.0.1:8000 --table pets --data items.ndjson --key id", "an NDJSON file into a new table keyed by id"],
  ],
  playground: [
    ["itemfilter playground", "serve the playground page on http://127.0.0.1:8788/ (the URL is printed)"],
    ["itemfilter playground --port 0 --open", "on a free port, opened in the browser ($BROWSER, or the system's)"],
  ],
  repl: [
    ["itemfilter repl", "try filters against the demo data"],
    ["itemfilter repl --table users --send", "show matching users as you type filters"],
  ],
};

/** The line yargs carries in a command's epilog, replaced by the examples after it lays out the help. */
export function examplesMarker(command: string): string {
  return `@examples ${command}`;
}

/**
 * Examples as a comment line and the command, each on one line of its own
 * whatever the width, so a command is never wrapped and can be copied whole.
 */
export function renderExamples(command: string): string {
  const examples = EXAMPLES[command] ?? [];
  if (examples.length === 0) return "";
  return ["Examples:", ...examples.map(([line, description]) => `  # ${description}\n  ${line}`)].join("\n");
}

/** Replaces the marker line yargs laid out (it is too short to be wrapped) with the examples. */
export function insertExamples(help: string): string {
  return help.replace(/^@examples (\S+)$/m, (_, command: string) => renderExamples(command));
}
