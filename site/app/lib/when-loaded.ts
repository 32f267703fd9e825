// Behaviour that the first paint does not need, from a module loaded on demand: `start` runs once `load` has
// arrived (unless it was called off before), and what it returns undoes it.
export function whenLoaded<M>(load: Promise<M> | undefined, start: (module: M) => () => void): () => void {
  let stop: (() => void) | undefined;
  let live = true;
  void load?.then((module) => {
    if (live) stop = start(module);
  });
  return () => {
    live = false;
    stop?.();
  };
}
