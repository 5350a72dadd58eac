import { Check, Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from './user.entity';
import type { GrantableApiPlan } from './api-plans';

/** A developer API plan an operator gave an account with the plans command (paid API plans have no checkout yet). */
@Entity({ name: 'api_plan_grants' })
@Check('CHK_api_plan_grants_plan', `"plan" IN ('startup', 'developer', 'business', 'enterprise')`)
export class ApiPlanGrant {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_api_plan_grants_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16 })
  plan!: GrantableApiPlan;

  @Column({ type: 'timestamptz', nullable: true })
  until!: Date | null;

  @CreateDateColumn({ name: 'granted_at', type: 'timestamptz' })
  grantedAt!: Date;
}
