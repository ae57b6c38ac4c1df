// Types of chromium.mjs for the TypeScript tests that import it.
import type { Browser } from 'playwright-core';

export const CHROMIUM: string;

export function launchChromium(): Promise<Browser>;
