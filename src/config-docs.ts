// docs/configuration.md, written from the settings' schema (config-schema.ts): `npm run docs:config`
// (`pms config-docs --out docs/configuration.md`); test/house/configuration-docs.test.ts checks that the
// committed file is current.
import type { TSchema } from 'typebox';
import { SETTING_TOPICS, type SettingAnnotations } from './config-schema.ts';

type Setting = TSchema &
  SettingAnnotations & { type?: string; minimum?: number; maximum?: number; enum?: string[]; default?: unknown; description?: string };

function typeOf(setting: Setting): string {
  if (setting.enum) return setting.enum.map((value) => `\`${value}\``).join(' | ');
  const bounds = setting.minimum !== undefined && setting.maximum !== undefined ? ` ${setting.minimum} … ${setting.maximum}` : '';
  if (setting.type === 'integer') return `whole number${bounds}`;
  if (setting.type === 'number') return `number${bounds}`;
  if (setting.type === 'boolean') return '`true`/`false` (or `1`/`0`)';
  if (setting.protocols) return `URL (${setting.protocols.map((p) => `\`${p}\``).join(', ')})`;
  return setting.mustBe ?? 'string';
}

function defaultOf(setting: Setting): string {
  if (setting.default !== undefined)
    return setting.default === '' ? 'empty' : `\`${JSON.stringify(setting.default).replace(/^"|"$/g, '')}\``;
  return `unset: ${setting.whenUnset ?? 'none'}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function configurationMarkdown(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from src/config-schema.ts by `npm run docs:config`: edit the schema, not this file. -->',
    '',
    'The service reads these environment variables once, at start-up (the server, and the CLI for the commands',
    'that open the database). A value it cannot use stops the start-up with a message naming the variable; an',
    'empty variable counts as unset. What production needs set, and why: [operations.md](operations.md#configuration-in-production).',
    '',
  ];
  for (const topic of SETTING_TOPICS) {
    lines.push(`## ${topic.title}`, '', '| Variable | Type | Default | Meaning |', '|---|---|---|---|');
    for (const [name, schema] of Object.entries(topic.settings)) {
      const setting = schema as Setting;
      lines.push(`| \`${name}\` | ${cell(typeOf(setting))} | ${cell(defaultOf(setting))} | ${cell(setting.description ?? '')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
