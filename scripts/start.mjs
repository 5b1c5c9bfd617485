#!/usr/bin/env node
/**
 * `npm start`: builds the web app, then runs the API (http://localhost:4000) and the web app
 * (http://localhost:5173) side by side with labelled logs. One Ctrl-C stops both; if either
 * exits, the other is stopped too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const node = process.execPath;
const build = spawnSync(node, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const services = [];
if (existsSync('server/main.ts')) services.push({ name: 'api', color: 35, args: ['server/main.ts'] });
services.push({ name: 'web', color: 36, args: ['scripts/serve.mjs', 'dist'], env: { PORT: process.env.WEB_PORT ?? '5173' } });

const children = services.map(({ name, color, args, env }) => {
  const child = spawn(node, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const label = `\x1b[${color}m[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(label + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    process.stdout.write(`${label}stopped (${signal ?? code})\n`);
    stopAll(code ?? 0);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
