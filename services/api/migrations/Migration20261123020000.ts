import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020000 extends Migration {
  override async up(): Promise<void> {
    // A charge's cart lines take the shape of the session's (one line-item shape from session to charge).
    this.addSql(`update charges set line_items = (
        select coalesce(json_agg(json_build_object(
          'name', line->'name', 'amountAgorot', line->'amount_agorot', 'quantity', line->'quantity', 'description', line->'description',
          'imageUrl', line->'image_url', 'price', line->'price', 'product', line->'product')), '[]'::json)
        from json_array_elements(line_items) as line)
      where line_items is not null`);
  }
}
