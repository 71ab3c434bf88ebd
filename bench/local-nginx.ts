import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Debian's nginx serving `dir`/static on a loopback port (one worker per CPU, no access log,
 * sendfile): the static-file baseline the benches compare the server with. Its configuration,
 * pid and temporary files stay in `dir`.
 */
export function startNginx(dir: string, port: number): ChildProcess {
  const temp = (name: string) => path.join(dir, name);
  const conf = temp('nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes auto;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; application/json json; }
  default_type application/json;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${temp('static')};
  }
}
`,
  );
  return spawn('nginx', ['-c', conf, '-p', dir, '-e', temp('nginx-error.log')], { stdio: 'inherit' });
}
