/**
 * What a domain above supplies to one below it at boot (runtime.ts registerDomainWork), so the lower one
 * asks without importing it: the hosted feed's ad-break chapters (ads → hosting), the proposal feed's
 * verified audiences (measurement → marketplace). Kept on globalThis: every copy of a module (the built
 * server and the tests' own imports) sees the one supplied.
 */
export interface Supplier<T> {
  /** Supplies the value (once per process; supplying again replaces it). */
  supply(value: T): void;
  /** The supplied value, or undefined before boot supplied it. */
  get(): T | undefined;
}

export function supplier<T>(name: string): Supplier<T> {
  const key = Symbol.for(`cuepoint.supplier.${name}`);
  const holder = globalThis as { [key: symbol]: T | undefined };
  return {
    supply: (value) => {
      holder[key] = value;
    },
    get: () => holder[key],
  };
}
