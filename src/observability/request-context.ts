// The context manager of the traced instance (observability/otel-sdk.ts): OpenTelemetry's
// AsyncLocalStorage one, switched off whenever no request is within a trace's context.
//
// On Node 20 an AsyncLocalStorage that has run once keeps async hooks enabled for the whole process:
// every promise and async resource of every later request, traced or not, pays for them (a few µs a
// storefront request: bench/analysis.md, issue 37). Requests enter a trace's context only when they
// may make child spans (request-tracing.ts: group retrieval only on its way to the database), and
// count themselves in and out here; when the last one has ended, the storage is disabled, which
// disables the hooks until a request enters a context again. Work of an ended request that is still
// running then sees no active span, and makes none (lib/spans.ts makes children only of a recording span).
// (Written against the API alone, not as a subclass of @opentelemetry/context-async-hooks: this module
// is loaded with the app, and a process without tracing loads no SDK package.)
import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, type Context, type ContextManager } from '@opentelemetry/api';

export class RequestContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  /** Requests within a trace's context now (entered, not yet ended). */
  private within = 0;

  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const callback = thisArg == null ? fn : (fn.bind(thisArg) as F);
    return this.storage.run(context, callback, ...args);
  }

  /** A function bound to `context`; other targets (event emitters) are returned as they are: nothing here binds them. */
  bind<T>(context: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (thisArg: unknown, args: unknown[]) =>
      this.with(context, () => (target as (...args: unknown[]) => unknown).apply(thisArg, args));
    return function (this: unknown, ...args: unknown[]) {
      return run(this, args);
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.storage.disable();
    return this;
  }

  /** A request is about to run within a trace's context (until left). */
  entered(): void {
    this.within += 1;
  }

  /** A request that entered has ended: with none left, the async hooks go off. */
  left(): void {
    this.within -= 1;
    if (this.within === 0) this.storage.disable();
  }

  /** Requests within a trace's context now (for tests). */
  get requestsWithin(): number {
    return this.within;
  }
}

/** The process's manager: registered by otel-sdk.ts, counted by request-tracing.ts. */
export const requestContexts = new RequestContextManager();
