#!/usr/bin/env node
// Merges namespaces from a JSON file into messages/<locale>.json, read-modify-write, keeping the rest.
// Usage: node scripts/merge-messages.mjs <locale> <file.json>
import { readFileSync, writeFileSync } from 'node:fs';

const [locale, file] = process.argv.slice(2);
if (!locale || !file) {
  console.error('usage: node scripts/merge-messages.mjs <locale> <file.json>');
  process.exit(2);
}
const target = new URL(`../messages/${locale}.json`, import.meta.url);
const messages = JSON.parse(readFileSync(target, 'utf8'));
const incoming = JSON.parse(readFileSync(file, 'utf8'));
for (const [namespace, value] of Object.entries(incoming)) {
  messages[namespace] =
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...(messages[namespace] ?? {}), ...value }
      : value;
}
writeFileSync(target, `${JSON.stringify(messages, null, 2)}\n`);
