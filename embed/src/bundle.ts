// Entry of the script storefronts load with <script src="{embed.src}">; esbuild wraps it in an
// IIFE. It talks to the service it was loaded from, so a storefront never configures a URL.

import { apiBaseOfScript } from './api.ts';
import { define } from './index.ts';

// document.currentScript is set only while a classic script first runs: read it now, not later.
const script = document.currentScript;
define(script instanceof HTMLScriptElement && script.src ? { apiBase: apiBaseOfScript(script.src) } : {});
