import "server-only";
import { newRowId } from "../db/row-id";
import { z } from "zod";
import { parsePermissionList } from "../api-keys/keys";
import { hashPassword } from "../auth/password";
import { endSessions } from "../auth/sessions";
import type { Db } from "../db/client";
import { PERMISSIONS, ROLES, type Role } from "../domain/enums";

/**
 * What an operator does to people and teams (the CLI of lib/users/cli.ts calls these). Each change
 * reaches the user's next request: pages and the API load the user on every request, cached API
 * keys are invalidated by the 'auth' counter the triggers bump on every write to users and teams
 * (migration 20261127110100_auth_version_every_write), and the changes that take something away
 * (password, permission, disabling) end the user's sessions (lib/auth/sessions.ts).
 */

export class UserCommandError extends Error {
  override name = "UserCommandError";
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email("not a valid e-mail address").max(320));
const teamNameSchema = z.string().trim().min(1, "empty team name").max(100, "team name longer than 100 characters");
const userNameSchema = z.string().trim().min(1, "empty name").max(200, "name longer than 200 characters");
const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` });
const permissionListSchema = z
  .string()
  .transform((s) => s.split(",").map((p) => p.trim()).filter(Boolean))
  .pipe(z.array(z.enum(PERMISSIONS, { error: `permissions are ${PERMISSIONS.join(", ")}` })));
/** 12 characters at least; 1,024 at most (sign-in refuses longer ones before hashing). */
const passwordSchema = z.string().min(12, "password shorter than 12 characters").max(1024, "password longer than 1024 characters");

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new UserCommandError(`invalid ${what}: ${result.error.issues[0]?.message}`);
  return result.data;
}

const USER_SELECT = { id: true, email: true, name: true, role: true, permissions: true, disabledAt: true, team: { select: { name: true } } } as const;

type UserRow = { id: string; email: string; name: string; role: string; permissions: string; disabledAt: Date | null; team: { name: string } };

/** A user as the commands answer them: the permissions parsed, the team by name. */
export type UserSummary = ReturnType<typeof summary>;

function summary(row: UserRow) {
  return { ...row, permissions: parsePermissionList(row.permissions), team: row.team.name };
}

async function findUser(db: Db, email: string): Promise<UserRow> {
  const address = parse(emailSchema, email, "e-mail");
  const user = await db.user.findUnique({ where: { email: address }, select: USER_SELECT });
  if (!user) throw new UserCommandError(`no user with e-mail ${address}`);
  return user;
}

/** Writes `data` to the user's row and answers the user as it now is. */
async function updateUser(db: Db, user: UserRow, data: Parameters<Db["user"]["update"]>[0]["data"]): Promise<UserSummary> {
  return summary(await db.user.update({ where: { id: user.id }, data, select: USER_SELECT }));
}

async function findTeamId(db: Db, name: string): Promise<string> {
  const teamName = parse(teamNameSchema, name, "team");
  const team = await db.team.findUnique({ where: { name: teamName }, select: { id: true } });
  if (!team) throw new UserCommandError(`no team named ${teamName}`);
  return team.id;
}

export async function createTeam(db: Db, name: string): Promise<{ id: string; name: string }> {
  const teamName = parse(teamNameSchema, name, "team");
  if (await db.team.findUnique({ where: { name: teamName } })) throw new UserCommandError(`a team named ${teamName} already exists`);
  return db.team.create({ data: { id: newRowId(), name: teamName, createdAt: new Date() }, select: { id: true, name: true } });
}

export async function listTeams(db: Db): Promise<{ name: string; users: number }[]> {
  const teams = await db.team.findMany({ orderBy: { name: "asc" }, select: { name: true, _count: { select: { users: true } } } });
  return teams.map((t) => ({ name: t.name, users: t._count.users }));
}

export interface NewUser {
  email: string;
  name: string;
  team: string;
  role?: string;
  permissions?: string;
  password: string;
}

export async function createUser(db: Db, input: NewUser): Promise<UserSummary> {
  const email = parse(emailSchema, input.email, "e-mail");
  const name = parse(userNameSchema, input.name, "name");
  const role: Role = parse(roleSchema, input.role ?? "broker", "role");
  const permissions = parse(permissionListSchema, input.permissions ?? "", "permissions");
  const password = parse(passwordSchema, input.password, "password");
  const teamId = await findTeamId(db, input.team);
  if (await db.user.findUnique({ where: { email } })) throw new UserCommandError(`a user with e-mail ${email} already exists`);
  const user = await db.user.create({
    data: {
      id: newRowId(),
      email,
      name,
      role,
      permissions: JSON.stringify(PERMISSIONS.filter((p) => permissions.includes(p))),
      passwordHash: await hashPassword(password),
      teamId,
      createdAt: new Date(),
    },
    select: USER_SELECT,
  });
  return summary(user);
}

export async function listUsers(db: Db, team?: string): Promise<UserSummary[]> {
  const teamId = team === undefined ? undefined : await findTeamId(db, team);
  const users = await db.user.findMany({ where: teamId ? { teamId } : {}, orderBy: { email: "asc" }, select: USER_SELECT });
  return users.map(summary);
}

/** Disabled: no sign-in, no API key, every session ended. */
export async function disableUser(db: Db, email: string): Promise<UserSummary> {
  const user = await findUser(db, email);
  return updateUser(db, user, { disabledAt: user.disabledAt ?? new Date(), sessionVersion: { increment: 1 } });
}

export async function enableUser(db: Db, email: string): Promise<UserSummary> {
  return updateUser(db, await findUser(db, email), { disabledAt: null });
}

/** A new password ends every session: whoever knew the old one is signed out. */
export async function setPassword(db: Db, email: string, password: string): Promise<UserSummary> {
  const plain = parse(passwordSchema, password, "password");
  const user = await findUser(db, email);
  return updateUser(db, user, { passwordHash: await hashPassword(plain), sessionVersion: { increment: 1 } });
}

export async function grantPermissions(db: Db, email: string, list: string): Promise<UserSummary> {
  const added = parse(permissionListSchema, list, "permissions");
  const user = await findUser(db, email);
  const held = parsePermissionList(user.permissions);
  const permissions = PERMISSIONS.filter((p) => held.includes(p) || added.includes(p));
  return updateUser(db, user, { permissions: JSON.stringify(permissions) });
}

/** A permission taken away ends the user's sessions (their API keys lose it on the next call). */
export async function revokePermissions(db: Db, email: string, list: string): Promise<UserSummary> {
  const removed = parse(permissionListSchema, list, "permissions");
  const user = await findUser(db, email);
  const held = parsePermissionList(user.permissions);
  const permissions = held.filter((p) => !removed.includes(p));
  return updateUser(db, user, { permissions: JSON.stringify(permissions), ...(permissions.length < held.length ? { sessionVersion: { increment: 1 } } : {}) });
}

export async function moveUser(db: Db, email: string, team: string): Promise<UserSummary> {
  const user = await findUser(db, email);
  return updateUser(db, user, { teamId: await findTeamId(db, team) });
}

/** Signs the user out everywhere (their API keys keep working). */
export async function endUserSessions(db: Db, email: string): Promise<UserSummary> {
  const user = await findUser(db, email);
  await endSessions(db, user.id);
  return summary(user);
}
