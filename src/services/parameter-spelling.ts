/**
 * How the interface a request came through writes its parameters, so that a use case's message
 * names what the person can actually type: `rules=retarget with rulesTo=<category>` to an HTTP
 * client, `--rules retarget with --rules-to <category>` on the command line.
 */
export interface ParameterSpelling {
  /** A parameter, by its name in the service's request: `rulesTo`, `--rules-to`. */
  name(parameter: string): string;
  /** A parameter set to a value (a flag without one: `--force`): `rules=retarget`, `--rules retarget`. */
  set(parameter: string, value?: string): string;
}

/** An HTTP query string's parameters: the service's names, `name=value`. */
export const QUERY_PARAMETERS: ParameterSpelling = {
  name: (parameter) => parameter,
  set: (parameter, value = 'true') => `${parameter}=${value}`,
};

/** Command-line flags: each parameter's flag as the command names it (`rulesTo` → `--rules-to`), `--flag value`. */
export function commandLineFlags(flags: Readonly<Record<string, string>>): ParameterSpelling {
  const name = (parameter: string) => flags[parameter] ?? `--${parameter.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return { name, set: (parameter, value) => (value === undefined ? name(parameter) : `${name(parameter)} ${value}`) };
}
