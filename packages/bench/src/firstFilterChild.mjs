/**
 * One fresh process of the time-to-first-filter figure: imports one library
 * from node_modules and makes one call, then prints what it measured inside
 * as JSON. argv: candidate name, filter text in that candidate's syntax.
 * The parent times the whole process from outside; the inside figures only
 * split that time into loading and the first call.
 */
const [name, text] = process.argv.slice(2);
const t0 = performance.now();
let call;
switch (name) {
  case "core": {
    const { compileList } = await import("@itemfilter/core");
    call = () => compileList(text);
    break;
  }
  case "liqe": {
    const { parse } = await import("liqe");
    call = () => parse(text);
    break;
  }
  case "jsep": {
    const { default: jsep } = await import("jsep");
    call = () => jsep(text);
    break;
  }
  case "scim2-parse-filter": {
    const { parse } = await import("scim2-parse-filter");
    call = () => parse(text);
    break;
  }
  case "none":
    call = () => text;
    break;
  default:
    throw new Error(`unknown candidate ${name}`);
}
const t1 = performance.now();
const result = call();
const t2 = performance.now();
if (result === undefined || result === null) throw new Error(`${name} returned nothing`);
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ sinceStartMs: t2, importMs: t1 - t0, callMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000 }));
