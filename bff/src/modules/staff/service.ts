import {
  Codes,
  type StaffPermission as Permission,
  type StaffList,
  type StaffMember,
  type StaffRole,
} from '@portal/contracts';
import { isBuiltinRole, permissionsOfRole, staffMessages as messages } from '@portal/contracts/staff';
import type { StaffAppoint, StaffChangeRole, StaffRoleUpdate } from '@portal/contracts/schemas';
import { DomainError } from '../../lib/domain-error.js';
import { randomHex } from '../../lib/random.js';
import type { AuditService, Operator } from '../audit/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import { canGrant, inYunyingList, isOwner, listEntries, namesUser, staffOf, type Staff } from './access.js';
import type { StaffRepository } from './repository.js';

export interface StaffDeps {
  repo: StaffRepository;
  audit: AuditService;
  sessions: SessionsService;
  settings: SettingsService;
  /** The second factor each member has ('totp', 'passkey', 'both'; absent: 'none'). */
  secondFactorOf?: (userIds: string[]) => Promise<Map<string, string>>;
}

const refuse = (message: string) => new DomainError(Codes.FORBIDDEN, message);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function createStaffService({ repo, audit, sessions, settings, secondFactorOf }: StaffDeps) {
  const factors = secondFactorOf ?? (async () => new Map<string, string>());

  /** The staff rules see a target the way the session lookup sees a caller. */
  async function targetStaff(userId: string): Promise<{ id: string; email: string; staff: Staff | null }> {
    const found = await repo.staffRowOf(userId);
    if (found === undefined) throw new DomainError(Codes.NOT_FOUND, messages.unknownUser(userId));
    return { id: found.id, email: found.email, staff: staffOf(found, found.row) };
  }

  /** A role by id with its effective permissions. */
  async function roleOf(id: string): Promise<{ id: string; name: string; permissions: Permission[] }> {
    const role = await repo.role(id);
    if (role === undefined) throw new DomainError(Codes.NOT_FOUND, messages.unknownRole);
    return { id: role.id, name: role.name, permissions: permissionsOfRole(role.id, role.permissions) };
  }

  /**
   * The caller may act on this person: not the owner (unless it is the owner themselves), and
   * not someone holding a permission the caller lacks (that would let the caller take over more).
   */
  function mayActOn(caller: Staff, callerId: string, target: { id: string; staff: Staff | null }): void {
    if (target.staff?.owner === true && target.id !== callerId) throw refuse(messages.ownerProtected);
    if (target.staff !== null && !canGrant(caller, target.staff.permissions)) throw refuse(messages.escalation);
  }

  return {
    /**
     * Refuses (4003) an action of the caller on another person's account that the staff rules
     * would refuse on their appointment: the owner, or someone holding a permission the caller lacks.
     */
    async assertMayActOn(caller: Staff, callerId: string, userId: string): Promise<void> {
      mayActOn(caller, callerId, await targetStaff(userId));
    },

    async list(caller: Staff): Promise<StaffList> {
      const [members, roles, values] = await Promise.all([
        repo.members(),
        repo.roles(),
        settings.getMany(['admin_id', 'yunying_list']),
      ]);
      const ownerEntry = listEntries(values.admin_id).slice(0, 1);
      const listed = listEntries(values.yunying_list);
      const named = await repo.usersNamed([...ownerEntry, ...listed]);
      const rows: StaffMember[] = [];
      const owner = named.find((u) => isOwner(values.admin_id, u));
      const seen = new Set<string>();
      if (owner !== undefined) {
        seen.add(owner.id);
        rows.push({
          user_id: owner.id,
          email: owner.email,
          role: 'admin',
          roleName: roles.find((r) => r.id === 'admin')?.name ?? 'admin',
          since: null,
          source: 'owner',
          lastSignIn: iso(owner.lastSignIn),
          secondFactor: 'none',
        });
      }
      for (const m of members) {
        if (seen.has(m.userId)) continue;
        seen.add(m.userId);
        rows.push({
          user_id: m.userId,
          email: m.email,
          role: m.roleId,
          roleName: m.roleName,
          since: m.appointedAt.toISOString(),
          source: 'screen',
          lastSignIn: iso(m.lastSignIn),
          secondFactor: 'none',
        });
      }
      for (const u of named) {
        if (seen.has(u.id) || !inYunyingList(values.yunying_list, u)) continue;
        seen.add(u.id);
        rows.push({
          user_id: u.id,
          email: u.email,
          role: 'yunying',
          roleName: roles.find((r) => r.id === 'yunying')?.name ?? 'yunying',
          since: null,
          source: 'yunying_list',
          lastSignIn: iso(u.lastSignIn),
          secondFactor: 'none',
        });
      }
      const second = await factors(rows.map((r) => r.user_id));
      for (const row of rows) row.secondFactor = second.get(row.user_id) ?? 'none';
      const roleList: StaffRole[] = roles.map((r) => ({
        id: r.id,
        name: r.name,
        permissions: permissionsOfRole(r.id, r.permissions),
        builtin: r.builtin,
        members: r.members,
      }));
      return { members: rows, roles: roleList, owner: caller.owner };
    },

    /** Makes the account with this e-mail staff with a role no stronger than the caller's. */
    async appoint(caller: Staff, operator: Operator, input: StaffAppoint): Promise<StaffList> {
      const user = await repo.userByEmail(input.email);
      if (user === undefined) throw new DomainError(Codes.NOT_FOUND, messages.unknownUser(input.email));
      const role = await roleOf(input.role);
      if (!canGrant(caller, role.permissions)) throw refuse(messages.escalation);
      if (user.id === operator.id) throw refuse(messages.notYourself);
      const target = await targetStaff(user.id);
      mayActOn(caller, operator.id, target);
      if ((await repo.member(user.id)) !== undefined) throw new DomainError(Codes.NOT_ALLOWED, messages.alreadyStaff);
      await audit.within(operator, async (log) => {
        await repo.insertMember({ userId: user.id, roleId: role.id, appointedBy: operator.id });
        await log({
          recordType: 'staff',
          recordId: user.id,
          action: 'create',
          after: { email: user.email, role: role.id, roleName: role.name },
        });
      });
      return this.list(caller);
    },

    async changeRole(caller: Staff, operator: Operator, input: StaffChangeRole): Promise<StaffList> {
      if (input.user_id === operator.id) throw refuse(messages.notYourself);
      const target = await targetStaff(input.user_id);
      mayActOn(caller, operator.id, target);
      const current = await repo.member(input.user_id);
      if (current === undefined) throw new DomainError(Codes.NOT_FOUND, messages.notStaff);
      const role = await roleOf(input.role);
      if (!canGrant(caller, role.permissions)) throw refuse(messages.escalation);
      await audit.within(operator, async (log) => {
        await repo.updateMember(input.user_id, role.id, operator.id);
        await log({
          recordType: 'staff',
          recordId: input.user_id,
          action: 'update',
          before: { role: current.roleId },
          after: { role: role.id },
        });
      });
      // Whatever the new role no longer allows ends with the sessions that had it.
      await sessions.destroyAllForUser(input.user_id);
      return this.list(caller);
    },

    /** Ends an appointment made on the staff screen, and every session of that person. */
    async remove(caller: Staff, operator: Operator, userId: string): Promise<StaffList> {
      const target = await targetStaff(userId);
      mayActOn(caller, operator.id, target);
      const current = await repo.member(userId);
      if (current === undefined) throw new DomainError(Codes.NOT_FOUND, messages.notStaff);
      await audit.within(operator, async (log) => {
        await repo.deleteMember(userId);
        await log({
          recordType: 'staff',
          recordId: userId,
          action: 'delete',
          before: { email: target.email, role: current.roleId },
        });
      });
      await sessions.destroyAllForUser(userId);
      return this.list(caller);
    },

    /** Creates (no id) or changes a custom role. Only the owner edits roles. */
    async saveRole(caller: Staff, operator: Operator, input: StaffRoleUpdate): Promise<StaffList> {
      if (!caller.owner) throw refuse(messages.ownerOnly);
      const name = input.name.trim();
      if (name === '') throw new DomainError(Codes.INVALID_PAYLOAD, messages.unknownRole);
      const permissions = permissionsOfRole('custom', input.permissions);
      const taken = await repo.roleByName(name);
      await audit.within(operator, async (log) => {
        if (input.id === undefined || input.id === '') {
          if (taken !== undefined) throw new DomainError(Codes.NOT_ALLOWED, messages.roleNameTaken);
          const id = `r${randomHex(8)}`;
          await repo.insertRole({ id, name, permissions });
          await log({ recordType: 'staff_role', recordId: id, action: 'create', after: { name, permissions } });
          return;
        }
        if (isBuiltinRole(input.id)) throw refuse(messages.builtinRole);
        const before = await roleOf(input.id);
        if (taken !== undefined && taken.id !== input.id)
          throw new DomainError(Codes.NOT_ALLOWED, messages.roleNameTaken);
        await repo.updateRole(input.id, { name, permissions });
        await log({
          recordType: 'staff_role',
          recordId: input.id,
          action: 'update',
          before: { name: before.name, permissions: before.permissions },
          after: { name, permissions },
        });
      });
      return this.list(caller);
    },

    /** Deletes a custom role nobody holds (a role in use is refused: change its holders first). */
    async deleteRole(caller: Staff, operator: Operator, id: string): Promise<StaffList> {
      if (!caller.owner) throw refuse(messages.ownerOnly);
      if (isBuiltinRole(id)) throw refuse(messages.builtinRole);
      const role = await repo.role(id);
      if (role === undefined) throw new DomainError(Codes.NOT_FOUND, messages.unknownRole);
      if (role.members > 0) throw new DomainError(Codes.NOT_ALLOWED, messages.roleInUse(role.members));
      await audit.within(operator, async (log) => {
        await repo.deleteRole(id);
        await log({
          recordType: 'staff_role',
          recordId: id,
          action: 'delete',
          before: { name: role.name, permissions: permissionsOfRole(id, role.permissions) },
        });
      });
      return this.list(caller);
    },

    /**
     * users.edit on another account (disable, password, channel): never on the owner (but by the
     * owner on themselves), never on someone holding a permission the caller lacks.
     */
    async guardUserEdit(caller: Staff | null, callerId: string, userId: string): Promise<void> {
      if (caller === null) throw refuse(messages.forbidden);
      const found = await repo.staffRowOf(userId);
      if (found === undefined) return; // the edit answers "no such user" itself
      mayActOn(caller, callerId, { id: found.id, staff: staffOf(found, found.row) });
    },

    async guardUserEditByEmail(caller: Staff | null, callerId: string, email: string): Promise<void> {
      const user = await repo.userByEmail(email);
      if (user !== undefined) await this.guardUserEdit(caller, callerId, user.id);
    },

    /**
     * admin_id and yunying_list as the configuration screen sent them, with every e-mail turned
     * into its user's id (an e-mail can change hands; an id cannot); an unknown entry is refused.
     */
    async settingsInput(sent: Record<string, unknown>): Promise<Record<string, unknown>> {
      const out = { ...sent };
      for (const key of ['admin_id', 'yunying_list'] as const) {
        const value = sent[key];
        if (typeof value !== 'string') continue;
        const entries = listEntries(value);
        if (key === 'admin_id' && entries.length > 1) {
          throw new DomainError(Codes.INVALID_PAYLOAD, messages.unknownUser(value));
        }
        const named = await repo.usersNamed(entries);
        const ids = entries.map((entry) => {
          const user = named.find((u) => namesUser(entry, u));
          if (user === undefined) throw new DomainError(Codes.INVALID_PAYLOAD, messages.unknownUser(entry));
          return user.id;
        });
        out[key] = [...new Set(ids)].join('\n');
      }
      return out;
    },

    /** At start: an empty admin_id names the earliest admin (normally the ADMIN_EMAIL account). */
    async ensureOwner(): Promise<void> {
      if ((await settings.get('admin_id')) !== '') return;
      const first = await repo.earliestAdmin();
      if (first !== undefined) await settings.set({ admin_id: first });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
