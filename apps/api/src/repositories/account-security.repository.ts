import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, IsNull, LessThan, Not } from 'typeorm';
import { MfaFactor } from './schema/mfa-factor.entity';
import { Passkey } from './schema/passkey.entity';
import { RecoveryCode } from './schema/recovery-code.entity';
import { SecurityEvent, type SecurityEventType } from './schema/security-event.entity';
import { type WebAuthnCeremony, WebAuthnChallenge } from './schema/webauthn-challenge.entity';

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  deviceType: Passkey['deviceType'];
  backedUp: boolean;
  name: string;
  aaguid: string | null;
}

/** An account's second factors, recovery codes, passkeys, WebAuthn challenges and security log. */
@Injectable()
export class AccountSecurityRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  private get factors() {
    return this.manager.getRepository(MfaFactor);
  }

  private get codes() {
    return this.manager.getRepository(RecoveryCode);
  }

  private get passkeys() {
    return this.manager.getRepository(Passkey);
  }

  private get challenges() {
    return this.manager.getRepository(WebAuthnChallenge);
  }

  private get events() {
    return this.manager.getRepository(SecurityEvent);
  }

  // --- authenticator app (TOTP) ---

  totpOf(userId: string): Promise<MfaFactor | null> {
    return this.factors.findOne({ where: { userId, type: 'totp' }, order: { createdAt: 'DESC' } });
  }

  hasVerifiedTotp(userId: string): Promise<boolean> {
    return this.factors.exists({ where: { userId, type: 'totp', verifiedAt: Not(IsNull()) } });
  }

  /** A new unverified factor in place of any unverified one (a person who scanned twice keeps only the last). */
  async startTotp(userId: string, secretSealed: string): Promise<MfaFactor> {
    await this.factors.delete({ userId, type: 'totp', verifiedAt: IsNull() });
    return this.factors.save(this.factors.create({ userId, type: 'totp', secretSealed, verifiedAt: null, lastTimeStep: null }));
  }

  /**
   * Takes `step` as the factor's newest accepted one in one statement, so a code is accepted once even when two requests
   * bring it at the same moment; false when that step (or a later one) was accepted already.
   */
  async acceptTimeStep(factorId: string, step: number): Promise<boolean> {
    const result = await this.factors
      .createQueryBuilder()
      .update()
      .set({ lastTimeStep: step })
      .where('id = :factorId AND (last_time_step IS NULL OR last_time_step < :step)', { factorId, step })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async markTotpVerified(factorId: string, at: Date): Promise<void> {
    await this.factors.update({ id: factorId }, { verifiedAt: at });
  }

  /** Turns the second factor off: the app and the recovery codes go. */
  async removeTotp(userId: string): Promise<boolean> {
    const removed = await this.factors.delete({ userId, type: 'totp' });
    await this.codes.delete({ userId });
    return (removed.affected ?? 0) > 0;
  }

  // --- recovery codes ---

  /** The account's codes become these (the old ones stop working). */
  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.manager.transaction(async (tx) => {
      await tx.getRepository(RecoveryCode).delete({ userId });
      await tx.getRepository(RecoveryCode).insert(codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })));
    });
  }

  /** Spends the code in one statement (two requests with one code: one wins); whether it was there unused. */
  async spendRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
    const result = await this.codes.update({ userId, codeHash, usedAt: IsNull() }, { usedAt: at });
    return (result.affected ?? 0) > 0;
  }

  recoveryCodesLeft(userId: string): Promise<number> {
    return this.codes.countBy({ userId, usedAt: IsNull() });
  }

  // --- passkeys ---

  passkeysOf(userId: string): Promise<Passkey[]> {
    return this.passkeys.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  countPasskeys(userId: string): Promise<number> {
    return this.passkeys.countBy({ userId });
  }

  passkeyByCredentialId(credentialId: string): Promise<Passkey | null> {
    return this.passkeys.findOneBy({ credentialId });
  }

  addPasskey(passkey: NewPasskey): Promise<Passkey> {
    return this.passkeys.save(this.passkeys.create({ ...passkey, lastUsedAt: null }));
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<Passkey | null> {
    const result = await this.passkeys.update({ id, userId }, { name });
    return result.affected ? this.passkeys.findOneBy({ id }) : null;
  }

  async removePasskey(userId: string, id: string): Promise<Passkey | null> {
    const passkey = await this.passkeys.findOneBy({ id, userId });
    if (passkey) await this.passkeys.delete({ id, userId });
    return passkey;
  }

  /**
   * Records a use: the new counter only when it moved on from the one this use was checked against (two sign-ins with
   * one signature: one wins), and the backup state; whether it was recorded.
   */
  async recordPasskeyUse(passkey: Passkey, counter: number, backedUp: boolean, at: Date): Promise<boolean> {
    const result = await this.passkeys.update({ id: passkey.id, counter: passkey.counter }, { counter, backedUp, lastUsedAt: at });
    return (result.affected ?? 0) > 0;
  }

  // --- WebAuthn challenges ---

  async addChallenge(ceremony: WebAuthnCeremony, challenge: string, userId: string | null, expiresAt: Date): Promise<string> {
    const saved = await this.challenges.save(this.challenges.create({ ceremony, challenge, userId, expiresAt }));
    return saved.id;
  }

  /** The challenge, deleted as it is read (single-use), if it is this ceremony's and has not expired. */
  async takeChallenge(id: string, ceremony: WebAuthnCeremony, now: Date): Promise<WebAuthnChallenge | undefined> {
    const result = await this.challenges
      .createQueryBuilder()
      .delete()
      .where('id = :id AND ceremony = :ceremony AND expires_at > :now', { id, ceremony, now })
      .returning('id, user_id, challenge')
      .execute();
    const row = (result.raw as { id: string; user_id: string | null; challenge: string }[])[0];
    return row ? this.challenges.create({ id: row.id, userId: row.user_id, challenge: row.challenge, ceremony }) : undefined;
  }

  // --- security log ---

  async addEvent(event: { userId: string; type: SecurityEventType; ip: string | null; userAgent: string | null; detail: Record<string, string> }): Promise<void> {
    await this.events.insert(event);
  }

  /** Newest first; `before` pages back. */
  eventsOf(userId: string, limit: number, before?: Date): Promise<SecurityEvent[]> {
    return this.events.find({ where: { userId, ...(before ? { createdAt: LessThan(before) } : {}) }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** Forgets what is past its time: log lines older than `keepDays`, challenges that expired. */
  async sweep(keepDays: number, now: Date): Promise<void> {
    await this.events.delete({ createdAt: LessThan(new Date(now.getTime() - keepDays * 86_400_000)) });
    await this.challenges.delete({ expiresAt: LessThan(now) });
  }
}
