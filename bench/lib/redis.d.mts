// Types of redis.mjs for the TypeScript tests that import it (test/operations/rate-limit.test.ts).
export function redisServerInstalled(): boolean;

export interface RedisServer {
  /** redis:// URL of the server. */
  readonly url: string;
  /** Stops the process (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  /** Resumes a frozen process (SIGCONT). */
  thaw(): void;
  /** Ends the process: connections are refused until start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export function startRedis(): Promise<RedisServer>;
