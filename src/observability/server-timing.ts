// Server-Timing (W3C): where the time of a request went, in milliseconds, for browser dev tools
// and synthetic checks. Measured with performance.now(), written with two decimals at most
// (rounded, not toFixed: it is on the storefront's hot path).

/** Marks phases of a request: `mark('session')` ends the phase that began at the previous mark. */
export class ServerTiming {
  private last = performance.now();
  private readonly parts: string[] = [];

  mark(name: string): void {
    const now = performance.now();
    this.parts.push(`${name};dur=${Math.round((now - this.last) * 100) / 100}`);
    this.last = now;
  }

  /** The header value, e.g. `session;dur=0.31, catalog;dur=0.02, offer;dur=0.12`. */
  toString(): string {
    return this.parts.join(', ');
  }
}
