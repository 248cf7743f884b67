-- Undo is idempotent, like every other change the app's outbox sends: a device that lost the
-- answer to an Undo sends it again, and finding the golfer's row already back is success rather
-- than "there is no deletion of yours to undo". Otherwise the same function as before; the grants
-- made when it was created stay with it.
create or replace function public.undo_deletion(kind text, record_id text) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deletion public.deletions;
  restored_round public.rounds;
begin
  select d.* into deletion
    from public.deletions as d
    where d.user_id = (select auth.uid())
      and d.table_name = kind
      and d.record_id = undo_deletion.record_id
    order by d.id desc
    limit 1;
  if not found then
    -- A replay of an Undo whose answer was lost (the device's outbox sends it again): the row is
    -- back and its deletion row gone, so it is done, as a repeated insert or delete is.
    if (kind = 'rounds' and exists (
          select 1 from public.rounds as r
          where r.id = undo_deletion.record_id and r.user_id = (select auth.uid())))
       or (kind = 'courses' and exists (
          select 1 from public.courses as c
          where c.id = undo_deletion.record_id and c.user_id = (select auth.uid()))) then
      return;
    end if;
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'there is no deletion of yours to undo';
  end if;

  perform set_config('hcpfast.undoing_deletion', 'on', true);
  if kind = 'courses' then
    insert into public.courses
      select * from jsonb_populate_record(null::public.courses, deletion.record);
    update public.rounds as r
      set course_id = deletion.record_id
      where r.id = any (deletion.round_ids)
        and r.user_id = deletion.user_id
        and r.course_id is null;
  else
    restored_round := jsonb_populate_record(null::public.rounds, deletion.record);
    if not exists (
      select 1 from public.courses as c
      where c.id = restored_round.course_id and c.user_id = deletion.user_id
    ) then
      restored_round.course_id := null;
    end if;
    insert into public.rounds select restored_round.*;
  end if;
  perform set_config('hcpfast.undoing_deletion', 'off', true);

  delete from public.deletions as d
    where d.user_id = deletion.user_id
      and d.table_name = deletion.table_name
      and d.record_id = deletion.record_id;
end;
$$;
