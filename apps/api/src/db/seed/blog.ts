/**
 * The blog's categories and first posts (decision 034), in English and French, dated a fixed number
 * of days before the day the seed first runs, so a new database on any date has a blog of past
 * posts, none scheduled. Categories are upserted by slug; the posts are written only while the blog
 * has none, so staff edits and deletions (and the posts' dates) survive every start.
 */
import { sql } from "drizzle-orm";
import { renderMarkdown } from "../../lib/markdown";
import { blogCategories, blogPosts, blogPostVersions } from "../schema/index";
import type { Tx } from "../tx";

export const BLOG_CATEGORY_ROWS = [
  { slug: "events", nameEn: "Events", nameFr: "Événements", position: 1 },
  { slug: "airports", nameEn: "Airports", nameFr: "Aéroports", position: 2 },
  { slug: "driving-papers", nameEn: "Papers and rules", nameFr: "Papiers et règles", position: 3 },
  { slug: "electric-vehicles", nameEn: "Electric vehicles", nameFr: "Véhicules électriques", position: 4 },
  { slug: "parking-tips", nameEn: "Parking tips", nameFr: "Conseils de stationnement", position: 5 },
] as const;

interface Words {
  title: string;
  slug: string;
  summary: string;
  body: string;
}

export interface SeedPost {
  category: (typeof BLOG_CATEGORY_ROWS)[number]["slug"];
  tags: string[];
  /** Days before the seed's day (UTC) and the time of day (UTC) it was published. */
  published: { daysAgo: number; at: string };
  en: Words;
  fr: Words;
}

export const BLOG_SEED_POSTS: SeedPost[] = [
  {
    category: "events",
    tags: ["lagos", "nigeria", "stadium"],
    published: { daysAgo: 441, at: "09:00" },
    en: {
      title: "Match-day parking at Teslim Balogun Stadium",
      slug: "match-day-parking-teslim-balogun-stadium",
      summary:
        "How to reach Teslim Balogun Stadium in Surulere by car without circling for an hour: book ahead, arrive early, leave smart.",
      body: `Teslim Balogun Stadium sits on Funsho Williams Avenue in Surulere, next to the National Stadium. On a match or concert day the roads around it fill up two to three hours before kick-off, and the verges along Funsho Williams Avenue are not a safe place to leave a car.

## Book a space before you leave home

Event parking on Parkwell opens with the event: pick the match, choose a nearby car park and pay in advance. Your booking carries a QR code that the attendant scans at the gate, so you do not queue to pay in cash.

## Arrive early, leave a little late

- Aim to park **90 minutes before kick-off**: the last hour is when traffic on Western Avenue stops moving.
- After the final whistle, give the crowd twenty minutes. The car parks empty faster once the buses have gone.
- Keep your booking open on your phone at the gate; a screenshot works if the network is busy.

## What to leave at home

Valuables on the seats invite trouble anywhere. Put bags in the boot before you arrive, not in the car park.`,
    },
    fr: {
      title: "Se garer un jour de match au stade Teslim Balogun",
      slug: "stationnement-jour-de-match-stade-teslim-balogun",
      summary:
        "Rejoindre le stade Teslim Balogun à Surulere en voiture sans tourner pendant une heure : réserver, arriver tôt, repartir malin.",
      body: `Le stade Teslim Balogun se trouve sur Funsho Williams Avenue à Surulere, à côté du stade national. Un jour de match ou de concert, les rues alentour se remplissent deux à trois heures avant le coup d'envoi, et les bas-côtés de Funsho Williams Avenue ne sont pas un endroit sûr pour laisser une voiture.

## Réservez une place avant de partir

Le stationnement événementiel de Parkwell ouvre avec l'événement : choisissez le match, un parking proche et payez à l'avance. Votre réservation porte un code QR que le gardien scanne à l'entrée : pas de file pour payer en espèces.

## Arrivez tôt, repartez un peu plus tard

- Visez un stationnement **90 minutes avant le coup d'envoi** : c'est la dernière heure qui bloque Western Avenue.
- Après le coup de sifflet final, laissez passer vingt minutes. Les parkings se vident plus vite une fois les bus partis.
- Gardez votre réservation ouverte sur votre téléphone à l'entrée ; une capture d'écran suffit si le réseau est saturé.

## Ce qu'il vaut mieux laisser chez soi

Des objets de valeur sur les sièges attirent les ennuis partout. Rangez vos sacs dans le coffre avant d'arriver, pas sur le parking.`,
    },
  },
  {
    category: "events",
    tags: ["montreal", "canada", "hockey"],
    published: { daysAgo: 420, at: "14:00" },
    en: {
      title: "Parking for a game or a show at the Bell Centre",
      slug: "parking-bell-centre-montreal",
      summary:
        "Downtown Montréal on a game night: where to park near the Bell Centre, and why the underground city is your friend in winter.",
      body: `The Bell Centre holds more than 21,000 people, and on a Canadiens night most of them arrive within the same hour. The streets around rue de la Montagne and boulevard René-Lévesque slow to a crawl, and street parking is rare and short.

## Garages linked to the arena

Several garages around Central Station and Windsor Station connect to the Bell Centre through the underground city (the RÉSO). In January that means no coat check queue in the snow: park, walk inside, and you are at the gates.

## Book, then drive

- Book your space on Parkwell before the day: event spaces near the arena sell out first.
- Your booking shows the garage's entrance and the time window you paid for. Keep some margin after the final buzzer: overtime happens.
- If you drive an electric car, look for the garages with chargers and book early; those spaces are few.

## Winter notes

Snow-clearing rules apply on Montréal streets: a car left on the street during a loading operation is towed. A garage spares you the orange signs.`,
    },
    fr: {
      title: "Se garer pour un match ou un spectacle au Centre Bell",
      slug: "stationnement-centre-bell-montreal",
      summary:
        "Le centre-ville de Montréal un soir de match : où se garer près du Centre Bell, et pourquoi la ville souterraine est votre alliée l'hiver.",
      body: `Le Centre Bell accueille plus de 21 000 personnes, et un soir de match du Canadien, la plupart arrivent dans la même heure. Les rues autour de la rue de la Montagne et du boulevard René-Lévesque avancent au pas, et les places dans la rue sont rares et limitées dans le temps.

## Des stationnements reliés à l'aréna

Plusieurs stationnements autour de la gare Centrale et de la gare Windsor sont reliés au Centre Bell par la ville souterraine (le RÉSO). En janvier, cela veut dire aucune attente dehors dans la neige : garez-vous, marchez à l'intérieur, vous êtes aux portes.

## Réservez, puis partez

- Réservez votre place sur Parkwell avant le jour J : les places événementielles près de l'aréna partent en premier.
- Votre réservation indique l'entrée du stationnement et la plage horaire payée. Gardez de la marge après la sirène finale : les prolongations arrivent.
- Si vous conduisez une voiture électrique, cherchez les stationnements avec bornes et réservez tôt ; ces places sont peu nombreuses.

## Notes d'hiver

Les règles de déneigement s'appliquent dans les rues de Montréal : une voiture laissée dans la rue pendant un chargement est remorquée. Un stationnement vous épargne les panneaux orange.`,
    },
  },
  {
    category: "airports",
    tags: ["lagos", "nigeria", "airport"],
    published: { daysAgo: 387, at: "08:00" },
    en: {
      title: "Parking at Murtala Muhammed Airport, Lagos",
      slug: "parking-murtala-muhammed-airport-lagos",
      summary:
        "International terminal or MMA2, a drop-off or a week away: how to choose where to leave your car at Lagos airport.",
      body: `Murtala Muhammed Airport in Ikeja has two places drivers usually mean: the international terminal on Airport Road and the MMA2 domestic terminal. They are a few kilometres apart by road, so check your terminal before you set off.

## Short stay or long stay

For a pickup, a short stay close to arrivals saves you from the circling that traffic wardens move on. For a trip of several days, a long-stay car park costs far less per day and your car waits behind a barrier with attendants.

## Give yourself time on Airport Road

Traffic between Ikeja and the terminals can add forty minutes at peak hours. For an international flight, plan to park **three hours before departure**; for a domestic flight, two.

## Before you leave the car

- Note your space or row: photos help after a week away.
- Keep your booking on your phone; the attendant scans it at the exit.
- Do not leave your vehicle papers in the car for a long stay: carry copies, keep the originals at home.`,
    },
    fr: {
      title: "Se garer à l'aéroport Murtala Muhammed de Lagos",
      slug: "stationnement-aeroport-murtala-muhammed-lagos",
      summary:
        "Terminal international ou MMA2, un simple dépôt ou une semaine d'absence : comment choisir où laisser sa voiture à l'aéroport de Lagos.",
      body: `L'aéroport Murtala Muhammed d'Ikeja compte deux endroits que les automobilistes ont en tête : le terminal international sur Airport Road et le terminal domestique MMA2. Ils sont à quelques kilomètres l'un de l'autre par la route : vérifiez votre terminal avant de partir.

## Courte ou longue durée

Pour aller chercher quelqu'un, un stationnement de courte durée près des arrivées vous évite de tourner en rond sous les sifflets des agents. Pour un voyage de plusieurs jours, un parking longue durée coûte bien moins cher par jour, et votre voiture attend derrière une barrière, sous la garde de gardiens.

## Prenez de la marge sur Airport Road

La circulation entre Ikeja et les terminaux peut ajouter quarante minutes aux heures de pointe. Pour un vol international, prévoyez de vous garer **trois heures avant le départ** ; pour un vol intérieur, deux.

## Avant de quitter la voiture

- Notez votre place ou votre allée : une photo aide après une semaine d'absence.
- Gardez votre réservation sur votre téléphone ; le gardien la scanne à la sortie.
- Ne laissez pas vos papiers dans la voiture pour un long séjour : emportez des copies, gardez les originaux chez vous.`,
    },
  },
  {
    category: "driving-papers",
    tags: ["nigeria", "vehicle-papers"],
    published: { daysAgo: 361, at: "10:00" },
    en: {
      title: "What to carry in your vehicle papers in Nigeria",
      slug: "vehicle-papers-to-carry-nigeria",
      summary:
        "The documents officers ask for at a checkpoint, which ones expire every year, and how to keep them up to date without a day off work.",
      body: `At a checkpoint in Nigeria an officer may ask to see your papers. Having them complete and current turns a stop into a two-minute conversation.

## The papers of the car

- **Vehicle licence**: renewed every year, with the fee set by your state.
- **Certificate of roadworthiness**: yearly too; it shows the car passed inspection.
- **Proof of ownership certificate**: in your name, matching the plate number.
- **Insurance certificate**: at least third-party cover is required by law.
- **Hackney permit**: only for a commercial vehicle.

## The papers of the driver

Your **driver's licence**, valid and matching your name. A learner's permit does not let you drive alone.

## Keep them current

Write down each expiry date, or let Parkwell remind you: the Vehicle Docs service renews your licence, roadworthiness and insurance, and delivers the papers. Keep the originals in a folder in the car or clear copies with the originals at home, as your state's rules allow.`,
    },
    fr: {
      title: "Les papiers du véhicule à avoir sur soi au Nigeria",
      slug: "papiers-du-vehicule-a-avoir-nigeria",
      summary:
        "Les documents demandés à un contrôle, ceux qui expirent chaque année, et comment les garder à jour sans prendre un jour de congé.",
      body: `À un contrôle au Nigeria, un agent peut demander à voir vos papiers. Les avoir complets et à jour transforme l'arrêt en une conversation de deux minutes.

## Les papiers de la voiture

- **Vignette (vehicle licence)** : renouvelée chaque année, au tarif fixé par votre État.
- **Certificat de contrôle technique (roadworthiness)** : annuel lui aussi ; il prouve que la voiture a passé l'inspection.
- **Certificat de propriété** : à votre nom, correspondant à la plaque d'immatriculation.
- **Attestation d'assurance** : la loi exige au minimum une assurance au tiers.
- **Permis de transport (hackney permit)** : seulement pour un véhicule commercial.

## Les papiers du conducteur

Votre **permis de conduire**, valide et à votre nom. Un permis d'apprenti ne permet pas de conduire seul.

## Gardez-les à jour

Notez chaque date d'expiration, ou laissez Parkwell vous le rappeler : le service Papiers du véhicule renouvelle votre vignette, votre contrôle technique et votre assurance, et vous livre les documents. Gardez les originaux dans une pochette dans la voiture, ou des copies lisibles avec les originaux chez vous, selon les règles de votre État.`,
    },
  },
  {
    category: "electric-vehicles",
    tags: ["montreal", "canada", "ev"],
    published: { daysAgo: 311, at: "15:00" },
    en: {
      title: "Charging an electric car in Montréal",
      slug: "ev-charging-montreal",
      summary:
        "Public chargers, garages with outlets and winter range: a practical guide to charging an EV when you park in Montréal.",
      body: `Montréal has one of the densest public charging networks in Canada, but a charger is only useful if it is free when you arrive and works at −20 °C.

## Level 2 or fast charging

- **Level 2** chargers (the most common in garages and on streets) add roughly 25 to 40 km of range per hour: ideal while you work or watch a game.
- **Fast chargers** fill most of a battery in 30 to 60 minutes, but they are mostly along highways and at a few downtown sites.

## Park where you can plug in

Some Parkwell garages list charging among their amenities. Book those spaces early on event nights, and respect the time limit: a charged car left in a charging space blocks the next driver.

## Winter range

Cold weather can cut range by a quarter or more. Precondition the car while it is still plugged in, keep the battery above 20 %, and remember that an indoor garage keeps the battery warmer than the street.`,
    },
    fr: {
      title: "Recharger une voiture électrique à Montréal",
      slug: "recharge-vehicule-electrique-montreal",
      summary:
        "Bornes publiques, stationnements équipés et autonomie en hiver : un guide pratique pour recharger un véhicule électrique quand vous vous garez à Montréal.",
      body: `Montréal possède l'un des réseaux de recharge publics les plus denses du Canada, mais une borne n'est utile que si elle est libre à votre arrivée et fonctionne à −20 °C.

## Niveau 2 ou recharge rapide

- Les bornes de **niveau 2** (les plus courantes dans les stationnements et dans la rue) ajoutent environ 25 à 40 km d'autonomie par heure : idéal pendant le travail ou un match.
- Les **bornes rapides** remplissent l'essentiel d'une batterie en 30 à 60 minutes, mais elles se trouvent surtout le long des autoroutes et sur quelques sites du centre-ville.

## Garez-vous là où vous pouvez brancher

Certains stationnements Parkwell indiquent la recharge parmi leurs services. Réservez ces places tôt les soirs d'événement, et respectez la durée permise : une voiture chargée laissée sur une place de recharge bloque le conducteur suivant.

## Autonomie en hiver

Le froid peut réduire l'autonomie d'un quart ou plus. Préchauffez la voiture tant qu'elle est encore branchée, gardez la batterie au-dessus de 20 %, et souvenez-vous qu'un stationnement intérieur garde la batterie plus chaude que la rue.`,
    },
  },
  {
    category: "airports",
    tags: ["dakar", "senegal", "airport"],
    published: { daysAgo: 286, at: "09:30" },
    en: {
      title: "Driving to Blaise Diagne Airport from Dakar",
      slug: "driving-to-blaise-diagne-airport-dakar",
      summary:
        "AIBD is about 50 km from central Dakar: the toll road, the timing and where to leave the car for a few days.",
      body: `Blaise Diagne International Airport (AIBD) is near Diass, roughly 50 km from the Plateau. The toll motorway makes the drive predictable, but leaving Dakar at rush hour is not.

## Timing

Allow an hour from central Dakar outside peak times, and up to two hours on a weekday evening. Have the toll fee ready, or a toll card, to keep the queue short.

## Where to leave the car

For a drop-off, the forecourt is for stopping, not waiting. For a trip of several days, the airport's car parks are the safe choice: book ahead on Parkwell where a car park is listed, and keep your booking for the exit.

## Before the trip

Fill up before the motorway: stations near the airport are few. And take a photo of the car's position, the car parks look alike after a long flight.`,
    },
    fr: {
      title: "Rejoindre l'aéroport Blaise Diagne en voiture depuis Dakar",
      slug: "rejoindre-aeroport-blaise-diagne-en-voiture-dakar",
      summary:
        "L'AIBD est à environ 50 km du centre de Dakar : l'autoroute à péage, les horaires et où laisser la voiture quelques jours.",
      body: `L'aéroport international Blaise Diagne (AIBD) se trouve près de Diass, à environ 50 km du Plateau. L'autoroute à péage rend le trajet prévisible, mais sortir de Dakar à l'heure de pointe ne l'est pas.

## Les horaires

Comptez une heure depuis le centre de Dakar hors heures de pointe, et jusqu'à deux heures un soir de semaine. Préparez le montant du péage, ou une carte de télépéage, pour raccourcir la file.

## Où laisser la voiture

Pour déposer quelqu'un, le parvis sert à s'arrêter, pas à attendre. Pour un voyage de plusieurs jours, les parkings de l'aéroport sont le choix sûr : réservez sur Parkwell quand un parking y est proposé, et gardez votre réservation pour la sortie.

## Avant le voyage

Faites le plein avant l'autoroute : les stations sont rares près de l'aéroport. Et prenez une photo de l'emplacement de la voiture ; les parkings se ressemblent tous après un long vol.`,
    },
  },
  {
    category: "parking-tips",
    tags: ["united-states", "city", "safety"],
    published: { daysAgo: 262, at: "16:00" },
    en: {
      title: "Five habits for parking in a big US city",
      slug: "five-habits-parking-big-us-city",
      summary:
        "New York, Chicago, Los Angeles, Houston or Atlanta: read the signs, book the garage, and never pay a tow for a street-cleaning day.",
      body: `Parking in a large American city is mostly about reading rules carefully. These five habits save money and mornings.

1. **Read every sign on the pole, top to bottom.** Street-cleaning days, rush-hour bans and permit zones stack on one post, and the strictest one applies.
2. **Book the garage for anything over two hours.** A booked garage costs less than hours on a meter plus the risk of a ticket, and the price is known before you go.
3. **Check the height limit.** Many downtown garages stop at about 2 m (6 ft 6 in): a roof box or a large van will not fit.
4. **Keep the receipt and the booking.** If a gate fails, the booking's code gets you out; the receipt settles disputes.
5. **Photograph the car and the level.** Big garages have many floors that look the same.`,
    },
    fr: {
      title: "Cinq habitudes pour se garer dans une grande ville américaine",
      slug: "cinq-habitudes-stationnement-grande-ville-americaine",
      summary:
        "New York, Chicago, Los Angeles, Houston ou Atlanta : lire les panneaux, réserver le garage, et ne jamais payer une fourrière un jour de nettoyage.",
      body: `Se garer dans une grande ville américaine, c'est surtout lire les règles avec soin. Ces cinq habitudes font gagner de l'argent et des matinées.

1. **Lisez chaque panneau du poteau, de haut en bas.** Jours de nettoyage, interdictions aux heures de pointe et zones à permis s'empilent sur un même poteau, et c'est la règle la plus stricte qui s'applique.
2. **Réservez un garage au-delà de deux heures.** Un garage réservé coûte moins cher que des heures au parcomètre plus le risque d'une amende, et le prix est connu avant de partir.
3. **Vérifiez la hauteur maximale.** Beaucoup de garages du centre-ville s'arrêtent vers 2 m : un coffre de toit ou une grande fourgonnette ne passeront pas.
4. **Gardez le reçu et la réservation.** Si une barrière tombe en panne, le code de la réservation vous fait sortir ; le reçu règle les litiges.
5. **Photographiez la voiture et l'étage.** Les grands garages ont de nombreux niveaux qui se ressemblent.`,
    },
  },
  {
    category: "parking-tips",
    tags: ["commuting", "monthly-pass"],
    published: { daysAgo: 219, at: "07:00" },
    en: {
      title: "Is a monthly parking pass worth it?",
      slug: "is-a-monthly-parking-pass-worth-it",
      summary:
        "A simple way to compare daily bookings with a monthly pass for your commute, whatever your city.",
      body: `If you park at the same place most working days, a monthly pass can cost far less than booking day by day. Whether it does depends on three numbers.

## Do the sum

Multiply the daily price you usually pay by the days you actually drive in a month (not the days in the month). If the result is higher than the pass, the pass wins.

## Count the days you do not drive

Holidays, remote days and trips lower the count. A pass that pays off at 15 days a month is not worth it if you drive ten.

## What a pass gives besides the price

With a pass on Parkwell your space is held for you: the car park keeps room for pass holders before it sells daily spaces, so a busy morning does not leave you circling.`,
    },
    fr: {
      title: "Un abonnement mensuel de stationnement vaut-il le coup ?",
      slug: "abonnement-mensuel-stationnement-vaut-il-le-coup",
      summary:
        "Une façon simple de comparer les réservations à la journée et un abonnement mensuel pour vos trajets quotidiens, quelle que soit votre ville.",
      body: `Si vous vous garez au même endroit la plupart des jours ouvrables, un abonnement mensuel peut coûter bien moins cher que des réservations au jour le jour. Tout dépend de trois chiffres.

## Faites le calcul

Multipliez le prix journalier que vous payez d'habitude par le nombre de jours où vous venez vraiment en voiture dans le mois (pas le nombre de jours du mois). Si le résultat dépasse le prix de l'abonnement, l'abonnement l'emporte.

## Comptez les jours sans voiture

Congés, télétravail et déplacements font baisser le compte. Un abonnement rentable à 15 jours par mois ne l'est pas si vous venez dix jours.

## Ce qu'apporte un abonnement en plus du prix

Avec un abonnement sur Parkwell, votre place vous est réservée : le parking garde de la place pour les abonnés avant de vendre des places à la journée, et un matin chargé ne vous laisse pas tourner en rond.`,
    },
  },
  {
    category: "events",
    tags: ["abuja", "nigeria", "events"],
    published: { daysAgo: 175, at: "11:00" },
    en: {
      title: "Planning the drive to a big event in Abuja",
      slug: "planning-drive-big-event-abuja",
      summary:
        "Road closures, security checks and the walk from the car park: how to plan the drive to a stadium or conference in the FCT.",
      body: `Big events in Abuja, at the national stadium or the conference centres, often come with road closures and security checks around the venue.

## Know the closures

Roads close around the venue a few hours before the start. Check the organiser's notes and leave earlier than your map suggests.

## Park once, walk the rest

Drivers who book a car park a short walk from the venue avoid the checkpoints at the entrances and leave faster afterwards. Your Parkwell booking shows the car park's address and opening hours.

## Keep your papers with you

Security checks may include your vehicle papers and driver's licence: keep them current and in the car.`,
    },
    fr: {
      title: "Préparer le trajet vers un grand événement à Abuja",
      slug: "preparer-trajet-grand-evenement-abuja",
      summary:
        "Routes fermées, contrôles de sécurité et marche depuis le parking : comment préparer le trajet vers un stade ou une conférence dans le FCT.",
      body: `Les grands événements d'Abuja, au stade national ou dans les centres de conférence, s'accompagnent souvent de routes fermées et de contrôles de sécurité autour du lieu.

## Renseignez-vous sur les fermetures

Les routes ferment autour du site quelques heures avant le début. Consultez les indications de l'organisateur et partez plus tôt que ne le suggère votre carte.

## Garez-vous une fois, marchez ensuite

Les automobilistes qui réservent un parking à quelques minutes à pied évitent les contrôles aux entrées et repartent plus vite ensuite. Votre réservation Parkwell indique l'adresse et les horaires du parking.

## Gardez vos papiers sur vous

Les contrôles de sécurité peuvent porter sur les papiers du véhicule et le permis de conduire : gardez-les à jour et dans la voiture.`,
    },
  },
];

const DAY_MS = 86_400_000;

/** When a seed post was published, for a seed run at `now`. */
export function seedPostPublishedAt(p: SeedPost, now: Date): Date {
  const [h, m] = p.published.at.split(":").map(Number);
  const day = Math.floor(now.getTime() / DAY_MS) - p.published.daysAgo;
  return new Date(day * DAY_MS + (h! * 60 + m!) * 60_000);
}

export async function seedBlog(tx: Tx, now: Date): Promise<void> {
  for (const c of BLOG_CATEGORY_ROWS) {
    await tx
      .insert(blogCategories)
      .values(c)
      .onConflictDoUpdate({ target: blogCategories.slug, set: { nameEn: c.nameEn, nameFr: c.nameFr } });
  }
  const existing = (await tx.execute(sql`SELECT 1 FROM blog_posts LIMIT 1`)) as unknown as {
    rows: unknown[];
  };
  if (existing.rows.length > 0) return;
  const cats = await tx.select({ id: blogCategories.id, slug: blogCategories.slug }).from(blogCategories);
  for (const p of BLOG_SEED_POSTS) {
    const at = seedPostPublishedAt(p, now);
    const [row] = await tx
      .insert(blogPosts)
      .values({
        categoryId: cats.find((c) => c.slug === p.category)?.id ?? null,
        tags: p.tags,
        status: "published",
        publishAt: at,
        authorName: "Parkwell",
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: blogPosts.id });
    for (const language of ["en", "fr"] as const) {
      const w = p[language];
      await tx.insert(blogPostVersions).values({
        postId: row!.id,
        language,
        title: w.title,
        slug: w.slug,
        summary: w.summary,
        bodyMd: w.body,
        bodyHtml: renderMarkdown(w.body),
      });
    }
  }
}
