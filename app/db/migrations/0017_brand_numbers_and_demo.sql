-- Decision 070: an order keeps the prefix its number was issued with; orders placed before it were KO.
ALTER TABLE "orders" ADD COLUMN "number_prefix" text DEFAULT 'KO' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_prefix" CHECK ("orders"."number_prefix" ~ '^[A-Z0-9]{2,5}$');--> statement-breakpoint
-- Decision 071: the demo catalogue's products, those the seed loaded and nobody edited since (the seed writes
-- created_at and updated_at in one transaction; an edit or an archive moves updated_at).
ALTER TABLE "products" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "products" SET "demo" = true WHERE "created_at" = "updated_at" AND "archived_at" IS NULL AND "slug" IN (
  'freeze-dried-banana', 'freeze-dried-mango', 'freeze-dried-sapota', 'freeze-dried-apple', 'freeze-dried-pomegranate', 'freeze-dried-kiwi', 'freeze-dried-strawberry', 'freeze-dried-orange',
  'freeze-dried-papaya', 'freeze-dried-jackfruit', 'freeze-dried-olives', 'freeze-dried-custard-apple', 'freeze-dried-pineapple', 'freeze-dried-guava', 'freeze-dried-okra', 'freeze-dried-green-peas',
  'freeze-dried-sweet-corn', 'freeze-dried-onion', 'freeze-dried-garlic', 'freeze-dried-tomato', 'freeze-dried-french-beans', 'freeze-dried-flat-beans', 'freeze-dried-spring-onion', 'freeze-dried-carrot',
  'freeze-dried-bell-pepper', 'freeze-dried-bitter-gourd', 'freeze-dried-white-button-mushroom', 'freeze-dried-brinjal', 'freeze-dried-cabbage', 'freeze-dried-zucchini', 'freeze-dried-drumstick', 'dehydrated-basil',
  'dehydrated-amla', 'dehydrated-sapota', 'dehydrated-celery', 'dehydrated-chives', 'dehydrated-coriander', 'dehydrated-mint', 'dehydrated-oregano', 'dehydrated-wheat-grass',
  'dehydrated-parsley', 'dehydrated-peppercorn', 'dehydrated-ginger', 'dehydrated-spanish-thyme', 'dehydrated-green-chilli', 'dehydrated-red-chilli', 'dehydrated-lemongrass', 'dehydrated-methi-leaves',
  'dehydrated-onion-flakes', 'dehydrated-garlic-flakes', 'dehydrated-tomato-powder', 'dehydrated-beetroot-powder', 'dehydrated-carrot-cubes', 'dehydrated-curry-leaves', 'dehydrated-moringa-leaves', 'dehydrated-spinach-flakes',
  'dehydrated-bitter-gourd-slices', 'dehydrated-mango-slices', 'dehydrated-pineapple-rings', 'dehydrated-banana-slices', 'dehydrated-papaya-cubes', 'dehydrated-guava-slices', 'dehydrated-jackfruit-bulbs', 'dehydrated-apple-rings',
  'dehydrated-kokum', 'dehydrated-strawberry-slices', 'bisi-bele-bath', 'puliyogare', 'lemon-rice', 'tomato-rice', 'coconut-rice', 'vangi-bath',
  'vathal-kuzhambu', 'mor-kuzhambu', 'arachuvitta-sambar', 'mixed-vegetable-kootu', 'avial', 'vegetable-kurma', 'coconut-chutney', 'peanut-chutney',
  'tomato-chutney', 'pudina-chutney', 'kambu-koozh', 'thinai-pongal', 'samai-upma', 'ragi-kali', 'pepper-rasam', 'moringa-soup',
  'mudakathan-soup', 'moringa-leaf-powder', 'nilavembu-kudineer-chooranam', 'ashwagandha-root-powder', 'triphala-churnam', 'avarampoo-tea', 'karisalankanni-powder', 'herbal-hair-oil',
  'sathu-maavu-health-mix', 'hibiscus-tea', 'nalangu-maavu-bath-powder', 'thoothuvalai-powder', 'ragi-biscuits', 'kambu-cookies', 'thinai-jaggery-cookies', 'moringa-millet-crackers',
  'multi-millet-biscuits', 'kollu-pepper-biscuits', 'karupatti-ragi-cookies', 'ginger-oats-cookies', 'tomato-thokku', 'mango-thokku', 'garlic-thokku', 'gongura-thokku',
  'curry-leaf-thokku', 'ginger-thokku', 'nellikai-thokku', 'pirandai-thokku', 'lemon-thokku', 'moringa-capsules', 'ashwagandha-capsules', 'triphala-tablets',
  'turmeric-pepper-capsules', 'neem-capsules', 'tulsi-tablets', 'shatavari-capsules', 'seenthil-tablets', 'amla-capsules', 'lemongrass-essential-oil', 'eucalyptus-essential-oil',
  'vetiver-essential-oil', 'peppermint-essential-oil', 'clove-essential-oil', 'cinnamon-leaf-essential-oil', 'tulsi-essential-oil', 'citronella-essential-oil', 'sandalwood-essential-oil', 'malabar-black-pepper',
  'idukki-green-cardamom', 'kerala-cloves', 'true-cinnamon-sticks', 'erode-turmeric-powder', 'guntur-red-chilli-powder', 'coriander-powder', 'sambar-powder', 'rasam-powder',
  'nutmeg-with-mace', 'panruti-cashews-w320', 'pepper-roasted-cashews', 'cumbum-black-raisins', 'golden-raisins', 'dried-figs', 'kashmir-mamra-almonds', 'kashmir-walnut-kernels',
  'seedless-dates', 'dry-fruit-trail-mix'
);
