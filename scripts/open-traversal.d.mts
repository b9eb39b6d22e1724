/** Lets other users traverse every folder above `dir`; returns the function that puts the old modes back. */
export function openTraversal(dir: string): () => void
