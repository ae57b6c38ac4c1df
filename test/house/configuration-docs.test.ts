// docs/configuration.md is written from the settings' schema (src/config-schema.ts): the committed file
// must be what `npm run docs:config` writes now, so that the reference never drifts from what is read.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationMarkdown } from '../../src/config-docs.ts';
import { SETTING_TOPICS, SettingsSchema } from '../../src/config-schema.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs/configuration.md', () => {
  it('is current: regenerating it changes nothing', async () => {
    const committed = await readFile(path.join(root, 'docs/configuration.md'), 'utf8').catch(() => '');
    expect(committed, 'docs/configuration.md is stale: run npm run docs:config').toBe(configurationMarkdown());
  });

  it('describes every setting, each under one topic, with a default or what unset means', () => {
    const documented = SETTING_TOPICS.flatMap((topic) => Object.keys(topic.settings));
    expect(documented.toSorted()).toEqual(Object.keys(SettingsSchema.properties).toSorted());
    expect(new Set(documented).size).toBe(documented.length);
    for (const topic of SETTING_TOPICS) {
      for (const [name, schema] of Object.entries(topic.settings) as Array<[string, Record<string, unknown>]>) {
        expect(schema.description, name).toEqual(expect.any(String));
        expect(schema.default !== undefined || typeof schema.whenUnset === 'string', name).toBe(true);
      }
    }
  });
});
