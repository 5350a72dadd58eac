import { Check, Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** A plan an operator gave an account with the plans command, open-ended or until a date. One per account. */
@Entity({ name: 'plan_grants' })
@Check('CHK_plan_grants_plan', `"plan" IN ('premium', 'ultra')`)
export class PlanGrant {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_plan_grants_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16 })
  plan!: 'premium' | 'ultra';

  @Column({ type: 'timestamptz', nullable: true })
  until!: Date | null;

  @CreateDateColumn({ name: 'granted_at', type: 'timestamptz' })
  grantedAt!: Date;
}
