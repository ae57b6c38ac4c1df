// Keyboard model of the WAI-ARIA radio group pattern: arrows move (and wrap), Home and End jump.
// Kept free of the DOM so the index arithmetic is tested on its own.

export type Move = 'next' | 'previous' | 'first' | 'last';

const MOVES: Readonly<Record<string, Move>> = {
  ArrowDown: 'next',
  ArrowRight: 'next',
  ArrowUp: 'previous',
  ArrowLeft: 'previous',
  Home: 'first',
  End: 'last',
};

/** The move a key stands for, if any. */
export function moveForKey(key: string): Move | undefined {
  return Object.prototype.hasOwnProperty.call(MOVES, key) ? MOVES[key] : undefined;
}

/** Index of the option a move lands on, from `current` among `count` options (count > 0). */
export function targetIndex(move: Move, current: number, count: number): number {
  switch (move) {
    case 'next':
      return (current + 1) % count;
    case 'previous':
      return (current - 1 + count) % count;
    case 'first':
      return 0;
    case 'last':
      return count - 1;
  }
}

/** True for the keys that check the focused option (Space, and Enter as the brief asks). */
export function isSelectKey(key: string): boolean {
  return key === ' ' || key === 'Enter';
}
