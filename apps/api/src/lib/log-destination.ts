import { writeSync } from 'node:fs';
import pino from 'pino';

/** Log lines are handed on in blocks of about this many characters… */
const BLOCK_CHARS = 8192;
/** …or this long (ms) after the first line of a block, when fewer come. */
const FLUSH_MS = 200;

/** Every destination of the process, written out when it exits (normally or by process.exit). */
const open = new Set<BlockLogDestination>();
let exitHookSet = false;

/**
 * Where the product's log lines go (stdout by default): lines are gathered here into blocks, and each block is
 * handed to an asynchronous pino destination, which writes it (retrying a busy pipe) while the process goes on.
 *
 * Gathered here, not in the destination: sonic-boom measures the byte length of the text it is holding on every
 * write, so a line cost in proportion to the block waiting before it (a twentieth of a catalogue read's CPU,
 * decision 049); here a line costs a string append, and sonic-boom sees one write per block. Under load that is
 * one write for dozens of request lines; when the process is quiet a line still leaves within FLUSH_MS. The timer
 * runs only while a block is waiting (an idle process writes nothing). What is waiting is written when the process
 * exits and by `flushSync` when the app closes.
 */
export class BlockLogDestination {
  private readonly destination: ReturnType<typeof pino.destination>;
  private block = '';
  private timer: NodeJS.Timeout | undefined;
  /** Whether the destination holds or is writing a block: from handing one on until it says it is drained. */
  private busy = false;

  constructor(private readonly fd = 1) {
    this.destination = pino.destination({ dest: fd, sync: false });
    this.destination.on('drain', () => {
      this.busy = false;
    });
    open.add(this);
    if (!exitHookSet) {
      exitHookSet = true;
      process.on('exit', () => {
        for (const destination of open) destination.flushSync();
      });
    }
  }

  write(line: string): void {
    this.block += line;
    if (this.block.length >= BLOCK_CHARS) this.handOn();
    else this.timer ??= setTimeout(this.handOn, FLUSH_MS).unref();
  }

  /** Writes everything waiting, here and in the destination, before returning. */
  flushSync(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const block = this.block;
    this.block = '';
    try {
      if (this.busy) {
        // Behind a block the destination is writing: its own synchronous flush writes what it holds after it.
        if (block) this.destination.write(block);
        this.destination.flushSync();
      } else if (block) {
        // Handing it on would start an asynchronous write that an exiting process may not finish.
        writeAll(this.fd, block);
      }
    } catch {
      // The descriptor is gone (closed by its owner) or the reader left: nothing more can be written to it.
    }
  }

  private readonly handOn = () => {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.block === '') return;
    const block = this.block;
    this.block = '';
    this.busy = true;
    this.destination.write(block);
  };
}

/** Writes all of `text` now, waiting briefly while a pipe is full (as sonic-boom's synchronous flush does). */
function writeAll(fd: number, text: string) {
  let rest = Buffer.from(text);
  for (let tries = 0; rest.length > 0; ) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'EAGAIN' && code !== 'EBUSY') || ++tries > 100) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}
