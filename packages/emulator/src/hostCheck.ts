/** The names a local emulator answers to by default: loopback only. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(["127.0.0.1", "localhost", "[::1]"]);

/** What a Host check allows: a set of host names (lower case, IPv6 in brackets, no port), or any name. */
export type AllowedHosts = ReadonlySet<string> | "any";

/** An address or name as it appears in a Host header: lower case, an IPv6 address in brackets. */
export function hostName(host: string): string {
  const name = host.trim().toLowerCase();
  return name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
}

/** The unspecified addresses, IPv4, IPv6 and IPv4-mapped, as the URL parser writes them. */
const WILDCARDS = new Set(["0.0.0.0", "[::]", "[::ffff:0:0]"]);

/**
 * Addresses that listen on every interface: whoever can reach the port may
 * use any name for it. Every spelling counts (`0`, `0x0`, `0.0`, `::0`,
 * `0:0:0:0:0:0:0:0`...), since the system's resolver reads them all as the
 * unspecified address; the URL parser reads IPv4 numbers the same way.
 */
export function isWildcardHost(host: string): boolean {
  const name = hostName(host);
  if (name === "") return true;
  try {
    return WILDCARDS.has(new URL(`http://${name}/`).hostname);
  } catch {
    return false;
  }
}

/**
 * The host names to accept. Explicit `allowedHosts` win. Otherwise loopback
 * names only, plus the address the emulator listens on when that was given
 * explicitly (a wildcard address means any name: the user chose to expose it).
 */
export function allowedHostsFor(allowed: readonly string[] | "any" | undefined, listenHost: string | undefined): AllowedHosts {
  if (allowed === "any") return "any";
  if (allowed !== undefined) return new Set(allowed.map(hostName));
  if (listenHost !== undefined && isWildcardHost(listenHost)) return "any";
  return new Set([...LOOPBACK_HOSTS, ...(listenHost === undefined ? [] : [hostName(listenHost)])]);
}

/** The host name of a Host header: without the port, lower case; undefined when there is none. */
export function headerHostName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const text = header.trim().toLowerCase();
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    return end === -1 ? text : text.slice(0, end + 1);
  }
  const colon = text.indexOf(":");
  return colon === -1 ? text : text.slice(0, colon);
}

/**
 * Whether a request's Host header names an allowed host. A page on another
 * site can reach a loopback server through DNS rebinding, but its requests
 * then carry that site's name as Host, which this refuses.
 */
export function isAllowedHost(header: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed === "any") return true;
  const name = headerHostName(header);
  return name !== undefined && name !== "" && allowed.has(name);
}
