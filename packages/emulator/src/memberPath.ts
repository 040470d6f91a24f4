/** `path.name`, or `path["odd name"]` for a name that is not an identifier; the name alone at the top. */
export function memberPath(path: string, name: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(name)) return path === "" ? name : `${path}.${name}`;
  return `${path}[${JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name)}]`;
}
