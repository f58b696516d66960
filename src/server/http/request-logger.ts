import type { FastifyBaseLogger } from 'fastify'

type Bindings = Record<string, unknown>
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1]
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type Line = [unknown, ...unknown[]]
/** Fastify's logger is pino's, which also has these. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; bindings(): Bindings }

/**
 * Fastify gives every request a child logger carrying its request id, and pino writes a child's
 * bindings out as JSON the moment it is made: about 1.5 % of a small answer's CPU (decision 0027),
 * for lines that at the usual levels are never written. This one makes the child on the first line
 * that will be written; a line at a level the parent leaves out costs a level check.
 */
class LazyRequestLogger {
  private made: PinoLogger | undefined
  constructor(
    private readonly parent: PinoLogger,
    private readonly ownBindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): PinoLogger {
    return (this.made ??= this.parent.child(this.ownBindings, this.options) as PinoLogger)
  }

  private write(level: Level, line: Line): void {
    // NOTE: the parent's level is read each time, not once: it can be changed at run time.
    if (this.made || this.parent.isLevelEnabled(level)) (this.real()[level] as (...a: Line) => void)(...line)
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level
  }
  set level(level: string) {
    this.real().level = level
  }
  fatal(...line: Line) {
    this.write('fatal', line)
  }
  error(...line: Line) {
    this.write('error', line)
  }
  warn(...line: Line) {
    this.write('warn', line)
  }
  info(...line: Line) {
    this.write('info', line)
  }
  debug(...line: Line) {
    this.write('debug', line)
  }
  trace(...line: Line) {
    this.write('trace', line)
  }
  silent() {}
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options)
  }
  isLevelEnabled(level: string): boolean {
    return this.real().isLevelEnabled(level)
  }
  bindings(): Bindings {
    return this.real().bindings()
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made into a pino child when first written to. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  // NOTE: pino/Fastify seam: the lazy logger has every method Fastify calls, not pino's internals.
  return new LazyRequestLogger(parent as PinoLogger, bindings, options) as unknown as FastifyBaseLogger
}
