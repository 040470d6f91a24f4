import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Most requests one connection may have waiting for their answers. Node
 * reads pipelined requests as fast as they come and queues their answers;
 * a client that pipelines without reading could queue without end, so a
 * connection past this is closed.
 */
export const MAX_PIPELINED = 16;

const waiting = new WeakMap<Socket, number>();
const closeCallbacks = new WeakMap<Socket, Set<() => void>>();

/**
 * Calls `callback` once when the socket closes (at once if it has). One
 * listener per socket serves every waiter, however many requests it queued.
 * Returns a function that cancels the callback.
 */
export function onSocketClose(socket: Socket, callback: () => void): () => void {
  if (socket.destroyed) {
    callback();
    return () => {};
  }
  let callbacks = closeCallbacks.get(socket);
  if (callbacks === undefined) {
    const set = new Set<() => void>();
    callbacks = set;
    closeCallbacks.set(socket, set);
    socket.once("close", () => {
      for (const fn of [...set]) fn();
      set.clear();
    });
  }
  const own = callbacks;
  own.add(callback);
  return () => own.delete(callback);
}

/**
 * Counts a request against its connection's pipelining allowance; false
 * (and the connection destroyed) when it is past MAX_PIPELINED. The count
 * drops when the answer is finished or abandoned.
 */
export function admitRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket;
  const count = (waiting.get(socket) ?? 0) + 1;
  if (count > MAX_PIPELINED) {
    socket.destroy();
    return false;
  }
  waiting.set(socket, count);
  let counted = true;
  const release = (): void => {
    if (!counted) return;
    counted = false;
    waiting.set(socket, (waiting.get(socket) ?? 1) - 1);
  };
  res.once("finish", release);
  res.once("close", release);
  return true;
}

/**
 * Waits until this response owns the connection. Node queues the answers to
 * pipelined requests, buffering whatever they write; producing nothing
 * until the answers before it are out keeps a client that pipelines and
 * never reads from piling answers up.
 */
export function waitForTurn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (res.socket !== null || req.socket.destroyed) return Promise.resolve();
  return untilEventOrClose(res, "socket", req.socket);
}

/** Resolves on the response's `event`, on its 'close', or when `socket` closes (whichever comes first), leaving no listener behind. */
export function untilEventOrClose(res: ServerResponse, event: string, socket: Socket | null): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off(event, done);
      res.off("close", done);
      cancel();
      resolve();
    };
    res.once(event, done);
    res.once("close", done);
    const cancel = socket === null ? () => {} : onSocketClose(socket, done);
  });
}
