// Runs async tasks one at a time, in call order. The embedded chain puts every call
// through one queue so each one sees the state exactly as the calls before it left it;
// waiting for those changes to be durable happens after a task, outside the queue, so
// that many callers can share one fsync.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // The queue continues after a failed task; the failure goes to that task's caller.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
