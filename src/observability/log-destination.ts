// Where the service's log lines go: standard output, written asynchronously as pino does by default
// (the hot path never waits for a write; lines written while one is under way are batched into the
// next). pino's buffer for those lines is unbounded by default: behind a reader slower than the
// lines (a container runtime's pipe, a log shipper that stalls, a throttled disk) the process grows
// by every line it cannot write: 100 to 200 MB a minute behind a 1 MB/s reader (bench/REPORT.md,
// BENCH_MEMORY_LOG_BYTES_PER_SECOND), until the kernel kills it. Here the buffer is bounded: a line
// that would take it past MAX_BUFFERED_LOG_BYTES is dropped and counted
// (pms_log_lines_dropped_total), and once lines go through again a warning says how many were lost.
// Losing access lines while the log reader is stalled beats losing the checkout process.
import pino from 'pino';

/** Log text waiting for the destination, at most (characters; log lines are ASCII JSON). */
export const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024;

export interface LogDestinationOptions {
  /** File descriptor to write to (default 1, standard output). */
  fd?: number;
  maxBufferedBytes?: number;
}

/** The warning's logger: a pino or Fastify logger. */
interface WarnLogger {
  warn(object: object, message: string): void;
}

export class LogDestination {
  /** The stream to give pino (Fastify's `logger.stream`). */
  readonly stream: pino.DestinationStream & NodeJS.EventEmitter;
  readonly maxBufferedBytes: number;
  private droppedLines = 0;
  /** Dropped lines a warning has reported so far (the rest are reported next). */
  private reportedLines = 0;

  constructor(options: LogDestinationOptions = {}) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_LOG_BYTES;
    const stream = pino.destination({ dest: options.fd ?? 1, sync: false, maxLength: this.maxBufferedBytes });
    // sonic-boom emits 'drop' for each write refused by maxLength: pino writes one line per write.
    stream.on('drop', () => {
      this.droppedLines += 1;
    });
    this.stream = stream;
  }

  /** Lines dropped since the process started (pms_log_lines_dropped_total). */
  get dropped(): number {
    return this.droppedLines;
  }

  /**
   * Writes one warning with the lines dropped since the last one, if any. Called on a timer
   * (reportDropsEvery): the warning itself is a line, and the moment lines are dropped is the
   * moment it would be dropped too; if it is, its count is carried into the next.
   */
  reportDrops(log: WarnLogger): void {
    const dropped = this.droppedLines;
    if (dropped === this.reportedLines) return;
    log.warn(
      { droppedLines: dropped - this.reportedLines, maxBufferedBytes: this.maxBufferedBytes },
      'log lines dropped: the log destination did not keep up with the lines written (pms_log_lines_dropped_total)',
    );
    // Reported only if the warning got through (sonic-boom emits 'drop' synchronously); if it was
    // dropped itself, the next warning counts these lines again, and the warning with them.
    if (this.droppedLines === dropped) this.reportedLines = dropped;
  }

  /** Reports drops every `intervalMs`, for the life of the process (the timer keeps none alive). */
  reportDropsEvery(log: WarnLogger, intervalMs = 10_000): void {
    setInterval(() => this.reportDrops(log), intervalMs).unref();
  }
}
