import { parseArgs } from "node:util";
import type { Db } from "../db/client";
import { describeDatabase } from "../db/url";
import { UsageError } from "../db/cli";
import {
  createTeam,
  createUser,
  disableUser,
  enableUser,
  endUserSessions,
  grantPermissions,
  listTeams,
  listUsers,
  moveUser,
  revokePermissions,
  setPassword,
  type UserSummary,
} from "./commands";

export const USAGE = `Usage: npm run users -- <command>

Commands:
  create-team <name>                                   Create a team.
  list-teams                                           Teams and how many users each has.
  create-user --email <e> --name <n> --team <team> [--role broker|team_lead|marketplace_ops]
              [--permissions companies,indications_manage,...] [--password <p>]
                                                       Create a user (password from stdin if not given).
  list-users [--team <team>]                           Users, their team, role, permissions, state.
  disable --email <e>                                  No sign-in, no API key; ends every session.
  enable --email <e>                                   Undo disable.
  set-password --email <e> [--password <p>]            New password (from stdin if not given); ends every session.
  grant --email <e> --permissions <p,...>              Add permissions.
  revoke --email <e> --permissions <p,...>             Take permissions away; ends every session.
  move --email <e> --team <team>                       Move the user to another team.
  end-sessions --email <e>                             Sign the user out everywhere.

Acts on the database DATABASE_URL names (embedded SQLite when unset) and says which.
Passwords: at least 12 characters. Every change applies on the user's next request.`;

export interface CliIo {
  out: (line: string) => void;
  /** The password when --password is not given (stdin, trimmed of its line end). */
  readPassword: () => Promise<string>;
}

function describeUser(u: UserSummary): string {
  const state = u.disabledAt ? `disabled since ${u.disabledAt.toISOString()}` : "active";
  return `${u.email} (${u.name}; team ${u.team}; ${u.role}; permissions: ${u.permissions.join(", ") || "none"}; ${state})`;
}

function need(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === "") throw new UsageError(`missing --${option}`);
  return value;
}

/** Runs one command against `db` (which `databaseUrl` names); returns nothing, prints through io. */
export async function runUserCli(db: Db, databaseUrl: string, argv: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      team: { type: "string" },
      role: { type: "string" },
      permissions: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || command === "help") {
    io.out(USAGE);
    return;
  }
  if (command === undefined) throw new UsageError("missing command");
  if (command !== "create-team" && rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);
  const where = describeDatabase(databaseUrl);
  const password = async () => values.password ?? (await io.readPassword());
  const wrote = (what: string) => io.out(`${what} [database: ${where}]`);

  switch (command) {
    case "create-team": {
      if (rest.length !== 1) throw new UsageError("usage: create-team <name>");
      const team = await createTeam(db, rest[0]);
      return wrote(`Created team ${team.name} (id ${team.id}).`);
    }
    case "list-teams": {
      io.out(`Teams in ${where}:`);
      for (const t of await listTeams(db)) io.out(`  ${t.name} (${t.users} users)`);
      return;
    }
    case "create-user": {
      const user = await createUser(db, {
        email: need(values.email, "email"),
        name: need(values.name, "name"),
        team: need(values.team, "team"),
        role: values.role,
        permissions: values.permissions,
        password: await password(),
      });
      return wrote(`Created user ${describeUser(user)}.`);
    }
    case "list-users": {
      io.out(`Users in ${where}:`);
      for (const u of await listUsers(db, values.team)) io.out(`  ${describeUser(u)}`);
      return;
    }
    case "disable":
      return wrote(`Disabled ${describeUser(await disableUser(db, need(values.email, "email")))}; their sessions are ended.`);
    case "enable":
      return wrote(`Enabled ${describeUser(await enableUser(db, need(values.email, "email")))}.`);
    case "set-password": {
      const email = need(values.email, "email");
      return wrote(`Set the password of ${describeUser(await setPassword(db, email, await password()))}; their sessions are ended.`);
    }
    case "grant":
      return wrote(`Granted: ${describeUser(await grantPermissions(db, need(values.email, "email"), need(values.permissions, "permissions")))}.`);
    case "revoke":
      return wrote(`Revoked: ${describeUser(await revokePermissions(db, need(values.email, "email"), need(values.permissions, "permissions")))}.`);
    case "move":
      return wrote(`Moved ${describeUser(await moveUser(db, need(values.email, "email"), need(values.team, "team")))}.`);
    case "end-sessions":
      return wrote(`Ended every session of ${(await endUserSessions(db, need(values.email, "email"))).email}.`);
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}
