// Runs async tasks one at a time, in call order. The embedded chain puts every call
// through one queue so a read never observes a transaction whose save has not finished,
// and two saves never interleave.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // The queue continues after a failed task; the failure goes to that task's caller.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
