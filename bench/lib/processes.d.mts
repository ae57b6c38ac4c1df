// Types of the part of processes.mjs that the TypeScript tests import (test/helpers/process.ts).
/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number>;
