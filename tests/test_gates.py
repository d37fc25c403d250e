"""Tests for the four grounding gates and the write gate that chains them.

Every "must refuse" case is paired with an admitted twin over the same evidence, so a gate that
refuses everything (or nothing) fails. All names and sentences are invented for these tests.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireweed.decider import (
    numerals_grounded,
    order_preserved,
    predicate_grounded,
    subject_grounded,
)
from fireweed.decider.verdicts import REFUSAL_CODES, GateVerdict
from fireweed.decider.write_gate import judge

# (evidence, claim that must be refused, admitted twin, offending term named in detail)
SUBJECT_PAIRS = [
    # every person the claim names is one of its subjects, in any position: an object the evidence
    # only calls "him", an agent or apposition the evidence gives as someone else
    ("Perpetua Svoboda lent him her spare wheel after the puncture.", "Perpetua Svoboda lent Casimir Adebayo her spare wheel after the puncture.", "Perpetua Svoboda lent him her spare wheel.", "Casimir Adebayo"),
    ("Fenella Marsh confirmed that Pilot's kennel cough vaccination is in date.", "Fenella Marsh confirmed that Bramble's kennel cough vaccination is in date.", "Fenella Marsh confirmed that Pilot's vaccination is in date.", "Bramble"),
    ("Exercise with physiotherapist Anouk Verhagen-Selby continues every Monday.", "Exercise with physiotherapist Anouk Verhagen-Sibley continues every Monday.", "Exercise with Anouk Verhagen-Selby continues every Monday.", "Anouk Verhagen-Sibley"),
    ("The reading challenge, led by librarian Nell Trevithick, asks readers to finish six books.", "The reading challenge, led by librarian Thea Gallardo, asks readers to finish six books.", "The reading challenge, led by Nell Trevithick, asks readers to finish six books.", "Thea Gallardo"),
    ("Her blood pressure was 140/90.", "Freya Moss's blood pressure was 140/90.", "The blood pressure was 140/90.", "Freya Moss"),
    ("The surveyor recommended a new roof.", "Tess Wild recommended a new roof.", "The surveyor recommended a new roof.", "Tess Wild"),
    ("Tomasz Brandt chairs the finance committee.", "Omar Adeyemi chairs the finance committee.", "Tomasz Brandt chairs the finance committee.", "Omar Adeyemi"),
    ("Tomasz Brandt chairs the finance committee.", "Leo Brandt chairs the finance committee.", "Brandt chairs the finance committee.", "Leo Brandt"),
    ("Ruth Ames's agent sold the cottage.", "Ruth Ames sold the cottage.", "Ruth Ames's agent sold the cottage.", "Ruth Ames"),
    ("Nadim Saleh studies law in Cairo.", "Nadim Saleh's sister studies law in Cairo.", "Nadim Saleh studies law in Cairo.", "sister"),
    ("The audit, led by Tariq Aziz, found unpaid invoices.", "Tariq Aziz found unpaid invoices.", "The audit found unpaid invoices.", "Tariq Aziz"),
    ("On Friday, Greta Lunde handed the keys to Arjun Mehta and left for Bergen.", "Arjun Mehta left for Bergen.", "Greta Lunde left for Bergen.", "Arjun Mehta"),
    # the claim's verb belongs, in the evidence, to another name that opens a clause of its own
    ("Lina Petrov conducts the orchestra, and Dmitri Volkov plays the oboe.", "Lina Petrov plays the oboe.", "Dmitri Volkov plays the oboe.", "Lina Petrov"),
    ("Hanna Vollmer teaches chemistry and Greta Olsen teaches physics.", "Hanna Vollmer teaches physics.", "Hanna Vollmer teaches chemistry.", "Hanna Vollmer"),
    ("Agnes Kjeldsen, whose coach is Ruairi Delaney, won the regional sprint.", "Ruairi Delaney won the regional sprint.", "Agnes Kjeldsen won the regional sprint.", "Ruairi Delaney"),
    # a title's full stop does not end the subject's clause, so a titled subject is bound too
    ("Ms. Tamsin Wolcott will prosecute, and Mr. Oluwaseun Hardcastle represents Carla Benedetti.", "Ms. Tamsin Wolcott represents Carla Benedetti.", "Mr. Oluwaseun Hardcastle represents Carla Benedetti.", "Tamsin Wolcott"),
    ("Dr. Tobiah Emberton cleaned the frame, and conservator Mireille Osagie-Hart restored the painting.", "Dr. Tobiah Emberton restored the painting.", "Dr. Tobiah Emberton cleaned the frame.", "Tobiah Emberton"),
    # a lowercase role noun before the rival name belongs to its subject phrase
    ("Dr. Tobiah Emberton cleaned the frame, and conservator Mireille Osagie-Hart restored the painting.", "Tobiah Emberton restored the painting.", "Mireille Osagie-Hart restored the painting.", "Tobiah Emberton"),
    ("Lotte Brinck sanded the panel while her assistant Samir Okonjo varnished it.", "Lotte Brinck varnished it.", "Samir Okonjo varnished it.", "Lotte Brinck"),
    # the name after a capitalised role word and a lowercase one is the subject, not the role word
    ("Nurse specialist Joanna Brill will see Eamon Fitch on Monday.", "Nurse specialist Felicity Amadi will see Eamon Fitch on Monday.", "Nurse specialist Joanna Brill will see Eamon Fitch.", "Felicity Amadi"),
    ("Research assistant Mila Korhonen collected the soil samples.", "Research assistant Pavel Strand collected the soil samples.", "Research assistant Mila Korhonen collected the samples.", "Pavel Strand"),
    # the object before "for V-ing" or "to V" is the one who does V
    ("Coach Ilse Brandt praised goalkeeper Omar Adeyemi for saving the penalty.", "Ilse Brandt saved the penalty.",
     "Omar Adeyemi saved the penalty.", "Ilse Brandt"),
    ("Tomasz Brandt paid Kira Stone to paint the Mill Row fence.", "Tomasz Brandt painted the Mill Row fence.",
     "Tomasz Brandt paid Kira Stone.", "Tomasz Brandt"),
]

ORDER_PAIRS = [
    ("Priya Raman joined Acme in 2019 as a designer.", "Acme joined Priya Raman.", "In 2019, Priya Raman joined Acme.", "Acme"),
    ("Nora Beck interviewed Sami Haddad for the podcast.", "Sami Haddad interviewed Nora Beck for the podcast.", "For the podcast, Nora Beck interviewed Sami Haddad.", "Sami Haddad"),
    ("Ellis Ward thanked the manager for the report.", "The manager thanked Ellis Ward for the report.", "Ellis Ward has thanked the manager.", "manager"),
    ("Omar Adeyemi sold his van to Tobias Reed.", "Tobias Reed sold his van to Omar Adeyemi.", "Omar Adeyemi sells his van to Tobias Reed.", "Tobias Reed"),
    ("Jonah Price is the landlord of Bex Carter.", "Bex Carter is the landlord of Jonah Price.", "Jonah Price is the landlord of Bex Carter.", "Bex Carter"),
    ("The Westley Rowing Club donated £500 to the Corby Bee Trust.", "The Corby Bee Trust donated £500 to the Westley Rowing Club.", "The Westley Rowing Club has donated £500 to the Corby Bee Trust.", "Corby Bee Trust"),
    ("Alfie Booth mentors Kira Stone, and Kira Stone reports to Tess Wild.", "Kira Stone mentors Alfie Booth.", "Alfie Booth mentors Kira Stone.", "Kira Stone"),
    ("Ruth Ames's son is staying with her in Norwich.", "Ruth Ames is staying with her son in Norwich.", "Ruth Ames's son is staying with her in Norwich.", "Ruth Ames"),
    ("Ruth Ames is staying with her son in Norwich.", "Ruth Ames's son is staying with her in Norwich.", "Ruth Ames is staying with her son.", "son"),
    ("The committee approved the plan by 6 votes to 3.", "The committee approved the plan by 3 votes to 6.", "By 6 votes to 3, the committee approved the plan.", "3"),
    ("Nora Beck hired Sami Haddad.", "Nora Beck was hired by Sami Haddad.", "Sami Haddad was hired by Nora Beck.", "Nora Beck"),
    ("Kai Holm moved from Norwich to York in 2020.", "Kai Holm moved from York to Norwich in 2020.", "In 2020, Kai Holm moved from Norwich to York.", "York"),
    # a thing placed beside another: which was found is the claim's object
    ("Leofric Abadi identified a bronze awl beside the cremation urn.", "Leofric Abadi identified a cremation urn beside the bronze awl.",
     "Beside the cremation urn, Leofric Abadi identified a bronze awl.", "cremation"),
    # two numbers of one kind trading places around a fixed clause; a clause moved whole keeps its number
    ("Buses will run every 12 minutes, except after 22:00, when they run every 30 minutes.",
     "Buses will run every 30 minutes, except after 22:00, when they run every 12 minutes.",
     "Except after 22:00, when they run every 30 minutes, buses will run every 12 minutes.", "30"),
    ("The Brightwater choir, led by Agnes Fairley, will sing at the Royal Hall.", "Agnes Fairley is led by the Brightwater choir.", "Agnes Fairley leads the Brightwater choir.", "Agnes Fairley"),
    ("Dr. Hal Ince advised Mrs. Okafor to walk daily.", "Mrs. Okafor advised Dr. Hal Ince to walk daily.", "Mrs. Okafor was advised by Dr. Hal Ince to walk daily.", "Okafor"),
    # a passive turned active must keep who acted: the agent after "by" becomes the subject
    ("The lease was signed by Pia Lund.", "The lease signed Pia Lund.", "Pia Lund signed the lease.", "signed"),
    # a passive is "be" + participle with its "by" agent anywhere later in the clause, not only
    # right after the verb; an agentless passive names no doer, so it licenses no reversal
    ("Kofi Amankwah-Lee was treated for a cut hand by Ilse Vandermeer.", "Kofi Amankwah-Lee treated Ilse Vandermeer for a cut hand.", "Ilse Vandermeer treated Kofi Amankwah-Lee for a cut hand.", "Ilse Vandermeer"),
    ("The Ostrava choir was trained for the festival by Lenka Dvorakova.", "The Ostrava choir trained Lenka Dvorakova for the festival.", "Lenka Dvorakova trained the Ostrava choir for the festival.", "Lenka Dvorakova"),
    ("The bell was cast in 1890 at Whitfield by Arno Kessel.", "Arno Kessel was cast at Whitfield by the bell.", "Arno Kessel cast the bell at Whitfield.", "Arno Kessel"),
    ("Kofi Amankwah-Lee treated Ilse Vandermeer for a cut hand.", "Kofi Amankwah-Lee was treated for a cut hand.", "Kofi Amankwah-Lee treated Ilse Vandermeer.", "treated"),
    # an -ing/-ed word after a determiner is a noun, a participant like any other
    ("The painting was lent to the Harrowgate Gallery for its 2023 exhibition.", "The Harrowgate Gallery lent the painting for its 2023 exhibition.", "The painting was lent to the Harrowgate Gallery.", "painting"),
    ("The Harrowgate Gallery lent the drawing to the museum.", "The drawing was lent to the Harrowgate Gallery.", "The drawing was lent to the museum.", "Harrowgate Gallery"),
    ("Ada Lee's painting was lent to the Pell Street Library.", "The Pell Street Library lent Ada Lee's painting.", "Ada Lee's painting was lent to the Pell Street Library.", "Ada Lee"),
    # the participant behind a passive verb is its agent only after "by"
    ("The quilt was sent to the Marlow Museum by the Tanaka Trust.", "The Marlow Museum sent the quilt to the Tanaka Trust.", "The Tanaka Trust sent the quilt to the Marlow Museum.", "Marlow Museum"),
    ("Ivo Brand was collected early by Hanna Lind.", "Hanna Lind was collected early by Ivo Brand.", "Hanna Lind collected Ivo Brand early.", "Hanna Lind"),
    # "would like" wants something of someone: its two sides may not be swapped
    ("Greta Vasskjold would like Dario Pelvanetti to bring the stamp when he next visits.", "Dario Pelvanetti would like Greta Vasskjold to bring the stamp when she next visits.", "Greta Vasskjold would like Dario Pelvanetti to bring the stamp.", "Greta Vasskjold"),
    # a post's holder and whose post it is, said after a copula or with "for"
    ("Ysolde Marr's external examiner will be Professor Anselm Vidal of the Strathlorne Institute.", "Ysolde Marr will be the external examiner for Anselm Vidal.", "Anselm Vidal will be the external examiner for Ysolde Marr.", "examiner"),
    # a phrase set off beside a name stays beside it, a title before the name dropped or not
    ("Watch Manager Emrys Polgarth, who has served 26 years, will hand over to Bo Carr.", "Bo Carr, who has served 26 years, will take over from Emrys Polgarth.", "Emrys Polgarth, who has served 26 years, will hand over to Bo Carr.", "Bo Carr"),
    # a time with its preposition ("from June") moves as an adverbial does
    ("From June, Caspian Thornquist will train Bo Carr on the first Saturday of each month in the Kelp Room.", "Bo Carr will train Caspian Thornquist in the Kelp Room from June.", "Caspian Thornquist will train Bo Carr in the Kelp Room on the first Saturday of each month from June.", "Bo Carr"),
    # two names that trade places across clauses, each into the other's words
    ("Perpetua Ash decided to buy the ranunculus from Verrinholm Flower Auction instead, because Tillinghast Nurseries no longer grows them.", "Perpetua Ash decided to buy the ranunculus from Tillinghast Nurseries instead, because Verrinholm Flower Auction no longer grows them.", "Perpetua Ash decided to buy the ranunculus from Verrinholm Flower Auction, because Tillinghast Nurseries no longer grows them.", "Tillinghast Nurseries"),
    # a pronoun keeps its side of the verb, even one a name before it might take up
    ("Cormac Doyle moved the cornet player to the back row so that the basses could hear her.", "Cormac Doyle moved the cornet player to the back row so that she could hear the basses.", "So that the basses could hear her, Cormac Doyle moved the cornet player to the back row.", "hear"),
]

NUMERAL_PAIRS = [
    # a clock time in words is its value: "half past 9" is 9:30, never 9
    ("The Orla Street cafe opens at half past 9 on Sundays.", "The Orla Street cafe opens at 9 on Sundays.", "The Orla Street cafe opens at 9:30 on Sundays.", "9"),
    ("Bruno Laine's shift ends at a quarter to six.", "Bruno Laine's shift ends at six.", "Bruno Laine's shift ends at 5:45.", "six"),
    ("The ferry leaves at twenty past 7pm.", "The ferry leaves at 7pm.", "The ferry leaves at 19:20.", "7pm"),
    # a unit is part of the quantity, however it is spelt: 18 km is 18 kilometres, never 18 miles
    ("The Culvane Fell site is 18 kilometres from the clubhouse.", "The Culvane Fell site is 18 miles from the clubhouse.", "The Culvane Fell site is 18 km from the clubhouse.", "18 miles"),
    # ... and so is a unit glued to its digits, in the evidence or in the claim
    ("Mira Holt ran 18km on the Culvane Fell route.", "Mira Holt ran 18 miles on the Culvane Fell route.", "Mira Holt ran 18 km on the Culvane Fell route.", "18 miles"),
    ("Mira Holt ran 18 miles on the Culvane Fell route.", "Mira Holt ran 18km on the Culvane Fell route.", "Mira Holt ran 18 mi on the Culvane Fell route.", "18km"),
    ("The Orla Street water tank holds 40ml of dye.", "The Orla Street water tank holds 40 litres of dye.", "The Orla Street water tank holds 40 millilitres of dye.", "40 litres"),
    ("Tomas Reyes checked in a bag of 23 kilos.", "Tomas Reyes checked in a bag of 23lb.", "Tomas Reyes checked in a bag of 23kg.", "23lb"),
    ("The Kestrel van was clocked at 40km/h.", "The Kestrel van was clocked at 40 mph.", "The Kestrel van was clocked at 40 km/h.", "40 mph"),
    ("Casimir Adebayo led the ride at an average of 22 km/h.", "Casimir Adebayo led the ride at an average of 22 mph.", "Casimir Adebayo led the ride at an average of 22 kph.", "22 mph"),
    ("The boiler repair at Orla Street takes 3 hours.", "The boiler repair at Orla Street takes 3 days.", "The boiler repair at Orla Street takes 3 hrs.", "3 days"),
    ("Dr Ngozi Abernathy prescribed Pepper methimazole 2.5 mg twice daily.", "Dr Ngozi Abernathy prescribed Pepper methimazole 2.5 g twice daily.", "Dr Ngozi Abernathy prescribed Pepper methimazole 2.5 milligrams twice daily.", "2.5 g"),
    ("At Hollowfield Farm Shop, beef mince is £8.90 per kilo.", "At Hollowfield Farm Shop, beef mince is £8.90 per pound.", "At Hollowfield Farm Shop, beef mince is £8.90 per kg.", "£8.90 per pound"),
    ("Amplified music at Aldermoor Village Hall must stop by 23:00.", "Amplified music at Aldermoor Village Hall must stop by midnight.", "Amplified music at Aldermoor Village Hall must stop by 23:00.", "midnight"),
    ("The Quayside cafe opens at noon on Sundays.", "The Quayside cafe opens at 11:00 on Sundays.", "The Quayside cafe opens at 12:00 on Sundays.", "11:00"),
    ("The new cylinder at Orla Street carries a ten-year warranty.", "The new cylinder at Orla Street carries a ten-month warranty.", "The new cylinder at Orla Street carries a 10-year warranty.", "ten-month"),
    # ... while "ten to twelve" before a noun is a range of counts, not 11:50
    ("Ten to twelve volunteers staff the Orla Street stall.", "Eleven volunteers staff the Orla Street stall.", "Ten to twelve volunteers staff the Orla Street stall.", "Eleven"),
    ("Marta Quinlan repaired the boiler on 4 March.", "Marta Quinlan repaired the boiler on 5 March.", "On 4 March, Marta Quinlan repaired the boiler.", "5 March"),
    ("The bakery sold 1,200 loaves in its first week.", "The bakery sold 2,100 loaves.", "The bakery sold 1200 loaves.", "2,100"),
    ("The fund grew by 12% last year.", "The fund grew by 21% last year.", "The fund grew by 12 per cent last year.", "21%"),
    ("The fund reached $4.5 million.", "The fund reached £4.5 million.", "The fund reached $4,500,000.", "£4.5 million"),
    ("Pavel Novak has lived in Brno for twenty-one years.", "Pavel Novak has lived in Brno for twenty-two years.", "Pavel Novak has lived in Brno for 21 years.", "twenty-two"),
    ("Vera Park sheltered 12 hikers in her barn.", "Vera Park sheltered 10 hikers in her barn.", "Vera Park sheltered a dozen hikers in her barn.", "10"),
    ("Imogen Hale founded the Corby Bee Trust in 2017.", "Imogen Hale founded the 30-member Corby Bee Trust.", "Imogen Hale founded the Corby Bee Trust.", "30"),
    ("Version 3.2.1 of the Kestrel app fixed the login bug.", "Version 3.2.2 of the Kestrel app fixed the login bug.", "Version 3.2.1 of the Kestrel app fixed the login bug.", "3.2.2"),
    ("The Pell Street Library will close at 5pm on Fridays.", "The Pell Street Library will close at 6pm on Fridays.", "The Pell Street Library will close at 17:00 on Fridays.", "6pm"),
    ("Rhea Calder takes the tablets twice daily.", "Rhea Calder takes the tablets three times daily.", "Rhea Calder takes the tablets twice daily.", "three"),
    ("Tobias Reed finished third in the race.", "Tobias Reed finished second in the race.", "Tobias Reed finished 3rd in the race.", "second"),
    ("Maya Sorensen signed the lease on 3 April 2022.", "Maya Sorensen signed the lease on 3 April 2023.", "Maya Sorensen signed the lease in 2022.", "3 April 2023"),
    ("The under-12 team lost 2-1 to Fenwick Colts.", "The under-12 team lost 3-1 to Fenwick Colts.", "The under-12 team lost 2-1.", "3"),
    ("Dev Anand was born on January 1, 1990.", "Dev Anand was born on 1 January 1991.", "Dev Anand was born on 1 January 1990.", "1 January 1991"),
    # the claim's number counts, in the evidence, something else, and another number counts its thing
    ("The ward has 12 beds and 40 nurses.", "The ward has 40 beds.", "The ward has 12 beds.", "40 beds"),
    # a day of the month is no count: "four-year-old" is not carried by "4 October"
    ("Pippin, a three-year-old lurcher, was adopted on 4 October 2025.", "Pippin, a four-year-old lurcher, was adopted on 4 October 2025.", "Pippin, a three-year-old lurcher, was adopted in 2025.", "four-year-old"),
    # the counted thing is the last word counted: a shared adjective ("new") does not make two counts one
    ("Oona Reyes catalogued 300 new maps, of which 45 were charts.", "Oona Reyes catalogued 300 new charts.", "Oona Reyes catalogued 45 charts.", "300"),
    # a share is no count
    ("Kestrel Foods cut 12% of its drivers in March.", "Kestrel Foods cut 12 of its drivers in March.", "Kestrel Foods cut 12 per cent of its drivers in March.", "12"),
    # a bound of a range is not the value
    ("The ferry crossing takes between 40 and 55 minutes.", "The ferry crossing takes 55 minutes.", "The ferry crossing takes between 40 and 55 minutes.", "55"),
    ("The repair to the Kestrel pier will take 3 to 5 days.", "The repair to the Kestrel pier will take 5 days.", "The repair to the Kestrel pier will take 3-5 days.", "5"),
]

PREDICATE_PAIRS = [
    # "no longer" between "be" and its participle keeps the passive a passive: a negation added
    ("Brackenholt Dental Care is closed on Wednesday afternoons for staff training.", "Brackenholt Dental Care is no longer closed on Wednesday afternoons for staff training.", "Brackenholt Dental Care is closed on Wednesday afternoons.", "no longer"),
    # the alternative not taken is negated: "instead of new ones" says they were not new
    ("Mechanic Ravi Lindqvist fitted reconditioned brake calipers instead of new ones to keep the cost down.", "Mechanic Ravi Lindqvist fitted new brake calipers to keep the cost down.", "Mechanic Ravi Lindqvist fitted reconditioned brake calipers to keep the cost down.", "instead of new"),
    ("Ana Ruiz ordered tea rather than coffee at the Orla Street cafe.", "Ana Ruiz ordered coffee at the Orla Street cafe.", "Ana Ruiz ordered tea at the Orla Street cafe.", "rather than coffee"),
    ("Marta Quinlan repaired the boiler at the Elmstead depot.", "Marta Quinlan repaired every boiler at the Elmstead depot.", "Marta Quinlan repaired the boiler.", "every"),
    ("Tomasz Brandt is a member of the finance committee.", "Tomasz Brandt is the only member of the finance committee.", "Tomasz Brandt is a member of the committee.", "only"),
    ("Henrietta Osgood leads the night shift.", "Henrietta Osgood always leads the night shift.", "Henrietta Osgood is leading the night shift.", "always"),
    ("Henrietta Osgood leads the night shift.", "Henrietta Osgood must lead the night shift.", "Henrietta Osgood led the night shift.", "must"),
    ("The ferry was cancelled because of high winds.", "The ferry was cancelled permanently because of high winds.", "Because of high winds, the ferry was cancelled.", "permanently"),
    ("The ferry was cancelled and passengers were offered refunds.", "The ferry was cancelled because passengers were offered refunds.", "The ferry was cancelled.", "because"),
    ("Anika Roy sold 40 prints.", "Anika Roy sold 40 prints entirely by herself.", "Anika Roy has sold 40 prints.", "entirely"),
    ("Marcus Webb is not a doctor.", "Marcus Webb is a doctor.", "Marcus Webb is not a doctor.", "negation dropped"),
    ("Marcus Webb is a doctor.", "Marcus Webb is not a doctor.", "Marcus Webb is a doctor.", "negation added"),
    ("Anwar Kassim did not attend the hearing on 12 May.", "Anwar Kassim attended the hearing.", "Anwar Kassim did not attend the hearing.", "negation dropped"),
    ("The scan showed no fracture and the swelling had eased.", "The scan showed a fracture.", "The scan showed no fracture.", "negation dropped"),
    ("The garden cannot host weddings.", "The garden can host weddings.", "The garden can't host weddings.", "negation dropped"),
    ("The pump has been repaired and still leaks.", "The pump has been repaired and no longer leaks.", "The pump has been repaired.", "negation added"),
    ("Freya Moss has a dog but no cat.", "Freya Moss has a dog and a cat.", "Freya Moss has a dog.", "negation dropped"),
    # "lack" negates its object like "no"
    ("The Kelso hut lacks running water.", "The Kelso hut has running water.", "The Kelso hut has no running water.", "negation dropped: 'lacks"),
    ("Maya Sorensen signed the lease but has not yet paid the deposit.", "Maya Sorensen has paid the deposit.", "Maya Sorensen has not paid the deposit.", "negation dropped"),
    ("Sana Mir will email the agenda to the board.", "Sana Mir will probably email the agenda to the board.", "Sana Mir is emailing the agenda to the board.", "probably"),
    ("The policy covers damage to the kitchen but not to the garage.", "The policy covers damage to the garage.", "The policy covers damage to the kitchen.", "negation dropped"),
    # a sentence adverb in front of the name is an added hedge, not part of the subject's name
    ("Oskar Brandvold bakes the rye loaves.", "Maybe Oskar Brandvold bakes the rye loaves.", "Oskar Brandvold bakes the loaves.", "maybe"),
    ("Lars Eide is no longer the club captain.", "Lars Eide is the club captain.", "Lars Eide is no longer the captain.", "negation dropped: 'no longer"),
    # what was once so may be dropped only with the past kept: the twin says it in the past
    ("Oskar Lind used to run the Tarn ferry.", "Oskar Lind runs the Tarn ferry.", "Oskar Lind ran the Tarn ferry.", "qualifier dropped: 'used"),
    ("Ada Lee, who formerly managed the Kestrel depot, now drives a bus.", "Ada Lee manages the Kestrel depot.",
     "Ada Lee managed the Kestrel depot.", "qualifier dropped: 'formerly"),
    ("The Mill Row hall was once a chapel.", "The Mill Row hall is a chapel.", "The Mill Row hall was a chapel.", "qualifier dropped: 'once"),
    # A qualifier the evidence puts on what the claim keeps may not be dropped: the twin keeps it.
    ("Wen Ito may transfer to the Oslo office next year.", "Wen Ito transfers to the Oslo office next year.", "Wen Ito may transfer to the Oslo office.", "qualifier dropped: 'may transfer"),
    ("Police believe that Dario Venn started the warehouse fire.", "Dario Venn started the warehouse fire.", "Police believe Dario Venn started the fire.", "qualifier dropped: 'believe"),
    ("Dario Venn allegedly started the warehouse fire.", "Dario Venn started the warehouse fire.", "Dario Venn allegedly started the fire.", "qualifier dropped: 'allegedly"),
    ("Agnes Holt failed to qualify for the final.", "Agnes Holt qualified for the final.", "Agnes Holt failed to qualify.", "qualifier dropped: 'failed"),
    ("Paolo Ruiz denied that he had sold the boat.", "Paolo Ruiz had sold the boat.", "Paolo Ruiz denied that he sold the boat.", "qualifier dropped: 'denied"),
    ("Ada Lee plans to open a bakery in Leith.", "Ada Lee opens a bakery in Leith.", "Ada Lee plans to open a bakery.", "qualifier dropped: 'plans"),
    ("The Kestrel pier appears to have moved in the storm.", "The Kestrel pier has moved in the storm.",
     "The Kestrel pier appears to have moved.", "qualifier dropped: 'appears"),
    ("It seems the Tarn ferry tickets were printed twice.", "The Tarn ferry tickets were printed twice.",
     "It seems the Tarn ferry tickets were printed twice.", "qualifier dropped: 'seems"),
    ("The south beds tend to flood in March.", "The south beds flood in March.", "The south beds tend to flood.", "qualifier dropped: 'tend"),
    ("Yuki Sato asked the platform team to add expiry alerts.", "The platform team added expiry alerts.", "Yuki Sato asked the platform team to add alerts.", "qualifier dropped: 'asked"),
    # past the object, what is asked is not done, by the asker either
    ("Yuki Sato urged her neighbours to close the Mill Row gate.", "The Mill Row gate was closed.",
     "Yuki Sato urged her neighbours to close the gate.", "qualifier dropped: 'urged"),
    ("Every ward except Ward 7 passed the fire audit.", "Ward 7 passed the fire audit.", "Every ward except Ward 7 passed the audit.", "qualifier dropped: 'except"),
    ("If funding is approved, the Kestrel Observatory will build a second dome.", "The Kestrel Observatory will build a second dome.", "If funding is approved, the Kestrel Observatory will build a dome.", "qualifier dropped: 'if"),
    ("Will the Halvard Bridge close in May?", "The Halvard Bridge will close in May.", "Will the Halvard Bridge close?", "qualifier dropped: '?"),
    ("The Brook Ward has about 40 beds.", "The Brook Ward has 40 beds.", "The Brook Ward has about 40 beds.", "qualifier dropped: 'about"),
    ("The Brook Ward has more than 40 beds.", "The Brook Ward has 40 beds.", "The Brook Ward has more than 40 beds.", "qualifier dropped: 'more than"),
    # what will happen has not happened; any future form keeps it
    ("Ilse Brandt will open the Kestrel bakery on Monday.", "Ilse Brandt opened the Kestrel bakery on Monday.", "Ilse Brandt is to open the Kestrel bakery on Monday.", "qualifier dropped: 'will open"),
    # a quantifier short of all, on the subject
    ("Some tenants of Mill Row opposed the rent rise.", "The tenants of Mill Row opposed the rent rise.", "Some tenants of Mill Row opposed the rise.", "qualifier dropped: 'some"),
    ("Most of the nurses at Brook Ward voted for the new rota.", "The nurses at Brook Ward voted for the new rota.",
     "Most of the nurses at Brook Ward voted for the rota.", "qualifier dropped: 'most"),
    ("Several of the Kestrel vans broke down in the frost.", "The Kestrel vans broke down in the frost.",
     "Several of the Kestrel vans broke down.", "qualifier dropped: 'several"),
    ("The Kestrel lift holds at most 8 people.", "The Kestrel lift holds 8 people.",
     "The Kestrel lift holds at most 8 people.", "qualifier dropped: 'at most"),
    # attributions that are not statements of fact
    ("The union argued that Kestrel Foods underpaid its drivers.", "Kestrel Foods underpaid its drivers.", "The union argued that Kestrel Foods underpaid drivers.", "qualifier dropped: 'argued"),
    ("According to the union, Kestrel Foods underpaid its drivers.", "Kestrel Foods underpaid its drivers.", "According to the union, Kestrel Foods underpaid drivers.", "qualifier dropped: 'according"),
    # reported speech is reported, not stated
    ("Ada Lee said that the Kelso pool reopens in May.", "The Kelso pool reopens in May.",
     "Ada Lee said the Kelso pool reopens in May.", "qualifier dropped: 'said"),
    ("The Kestrel mill is said to have closed in 1950.", "The Kestrel mill closed in 1950.",
     "The Kestrel mill is said to have closed.", "qualifier dropped: 'said"),
    ("Omar Adeyemi told the inspectors that the Tarn boiler was serviced.", "The Tarn boiler was serviced.",
     "Omar Adeyemi told the inspectors that the boiler was serviced.", "qualifier dropped: 'told"),
    # a frame after what it reports governs it all the same
    ("The Kelso pool reopens in May, Ada Lee said.", "The Kelso pool reopens in May.",
     "The Kelso pool reopens in May, Ada Lee said.", "qualifier dropped: 'said"),
    ("The fire started in the Tarn kitchen, police believe.", "The fire started in the Tarn kitchen.",
     "The fire started in the Tarn kitchen, police believe.", "qualifier dropped: 'believe"),
    # the claim's other qualifier ("would") does not stand in for the one it dropped ("probably")
    ("Pia Lund said the council would probably appeal.", "Pia Lund said the council would appeal.", "Pia Lund said the council would probably appeal.", "qualifier dropped: 'probably"),
    ("The dough needs 18 hours to prove unless the kitchen is warm.", "The dough needs 18 hours to prove.", "The dough needs 18 hours to prove unless the kitchen is warm.", "qualifier dropped: 'unless"),
    # conditions spelt as phrases govern their sentence like "if"
    ("Members may borrow the Kelso canoes as long as they book by Friday.", "Members may borrow the Kelso canoes.",
     "As long as they book by Friday, members may borrow the Kelso canoes.", "qualifier dropped: 'as long as"),
    ("The Tarn ferry will be cancelled in case of fog.", "The Tarn ferry will be cancelled.",
     "In case of fog, the Tarn ferry will be cancelled.", "qualifier dropped: 'in case of"),
    ("In the event of rain, the Mill Row fete moves indoors.", "The Mill Row fete moves indoors.",
     "In the event of rain, the Mill Row fete moves indoors.", "qualifier dropped: 'in the event of"),
    ("The Kestrel loan was approved on condition that the roof is repaired.", "The Kestrel loan was approved.",
     "The Kestrel loan was approved on condition that the roof is repaired.", "qualifier dropped: 'on condition that"),
    # "even if" concedes: the main clause holds either way, the supposition is still not stated
    ("The Tarn ferry sails even if the harbour is closed.", "The harbour is closed.", "The Tarn ferry sails.", "qualifier dropped: 'if"),
    # "not only X but also Y" affirms X, so "not X" is a negation the claim adds
    ("Ilse Brandt not only bakes bread but also sells coffee.", "Ilse Brandt does not bake bread.", "Ilse Brandt bakes bread.", "negation added"),
    # a negation the evidence itself has under the hedge does not stand in for the hedge
    ("Tobias Brenn reportedly left without paying for his meal.", "Tobias Brenn left without paying for his meal.",
     "Tobias Brenn reportedly left without paying.", "qualifier dropped: 'reportedly"),
    ("If it rains, the Tarn Cup final will not be played.", "The Tarn Cup final will not be played.",
     "If it rains, the Tarn Cup final will not be played.", "qualifier dropped: 'if"),
    ("Ada Lee probably did not sign the lease.", "Ada Lee did not sign the lease.",
     "Ada Lee probably did not sign it.", "qualifier dropped: 'probably"),
    # a bound is two words: the claim's "to" is not the "up to" it dropped
    ("The storm cut power to up to 40 homes in Tarnby.", "The storm cut power to 40 homes in Tarnby.",
     "The storm cut power to up to 40 homes.", "qualifier dropped: 'up to"),
    # "almost" and "nearly" fall short of what follows, number or not
    ("Tove Lind almost won the Kelso sprint.", "Tove Lind won the Kelso sprint.", "Tove Lind almost won the sprint.", "qualifier dropped: 'almost"),
    ("Nearly all of the Mill Row tenants signed the petition.", "All of the Mill Row tenants signed the petition.",
     "Nearly all of the Mill Row tenants signed it.", "qualifier dropped: 'nearly"),
    ("The Tarn ferry is nearly as fast as the train.", "The Tarn ferry is as fast as the train.",
     "The Tarn ferry is nearly as fast as the train.", "qualifier dropped: 'nearly"),
]

ADMITS = [
    # a quantifier on an object says no more than a bare plural; a question asked is not a
    # condition on the rest of the sentence; a change from one number to another states both
    ("Ilse Brandt visited some friends in Bergen.", "Ilse Brandt visited friends in Bergen."),
    ("Tove Lind asked whether the pier was safe, and Ilse Brandt closed the gate.", "Ilse Brandt closed the gate."),
    ("Sales at Kestrel Foods rose from 20 to 25 crates.", "Sales at Kestrel Foods rose to 25 crates."),
    # verbatim
    ("Lyle Hart ran the Kelso 10k in 48 minutes on Sunday.", "Lyle Hart ran the Kelso 10k in 48 minutes on Sunday."),
    ("Acme's CEO, Dana Whitlow, isn't leaving.", "Acme's CEO, Dana Whitlow, isn't leaving."),
    # trimmed
    ("Dr. Felix Arkwright prescribed 20 mg of sertraline and booked a review in six weeks.", "Dr. Felix Arkwright prescribed 20 mg of sertraline."),
    ("Hugo Brandt coached the under-12 team to the county final, where they lost 2-1 to Fenwick Colts.", "The under-12 team lost 2-1 to Fenwick Colts."),
    ("Maya Sorensen, who runs the Gullhaven Cafe, signed the lease on 3 April 2022 but has not yet paid the deposit.", "Maya Sorensen runs the Gullhaven Cafe."),
    ("The survey found no asbestos in the east wing, although the boiler room still needs testing.", "The survey found no asbestos in the east wing."),
    ("Councillor Jane Okoro voted against the motion, and Councillor Ben Marsh abstained.", "Councillor Ben Marsh abstained."),
    ("The award went to Ada Lee, who thanked the jury.", "Ada Lee thanked the jury."),
    # a capitalised "May" inside a sentence is the month, not a modal
    ("The recording was made in May by Ada Lee.", "Ada Lee made the recording."),
    # a qualifier dropped together with everything it governs, or a word it governs that the
    # evidence also states plainly, or a literal use of a word that can frame ("tried the menu")
    ("Biscuit weighed 8.4 kg and should lose about half a kilo.", "Biscuit weighed 8.4 kg."),
    ("Ada Lee may join Acme, and Ben Cole joined Acme.", "Ben Cole joined Acme."),
    ("Ada Lee tried the new menu and loved it.", "Ada Lee loved the new menu."),
    ("Ada Lee failed the driving test and retook it.", "Ada Lee retook the driving test."),
    ("The board approved the plan to expand the clinic.", "The board approved the plan."),
    ("Ada Lee appeared in court in May and tends the Kestrel garden.", "Ada Lee appeared in court."),
    ("The Kestrel grant was used to fund the roof.", "The Kestrel grant was used to fund the roof."),
    ("Lack of funding delayed the Kelso bridge.", "The Kelso bridge was delayed."),
    ("Ada Lee said goodbye to Ben Cole at the Kelso station.", "Ada Lee said goodbye to Ben Cole."),
    ("The Tarn bridge is as long as the Kelso bridge and was painted in May.", "The Tarn bridge was painted in May."),
    ("The Kelso market opens once a week, on Sundays.", "The Kelso market opens on Sundays."),
    ("Dr. Hal Ince advised Mrs. Okafor to walk daily.", "Mrs. Okafor was advised by Dr. Hal Ince to walk daily."),
    # names coordinated as one subject, or an antecedent of "who", keep the verb
    ("Ada Lee and Ben Cole founded Acme.", "Ben Cole founded Acme."),
    ("Ada Lee and Ben Cole founded Acme.", "Ada Lee founded Acme."),
    ("Ada Lee, who joined in May, leads the team.", "Ada Lee joined in May."),
    ("Hanna Vollmer teaches chemistry and Greta Olsen teaches physics.", "Greta Olsen teaches physics."),
    ("Ada Lee did not attend, but Ben Cole attended the hearing.", "Ben Cole attended the hearing."),
    ("Nora Quist replaced Ivo Brand, who retired in January after 22 years.", "Ivo Brand retired in January after 22 years."),
    ("Hedda Sorli and conservator Rune Vik restored the altarpiece.", "Hedda Sorli restored the altarpiece."),
    ("Hedda Sorli apologised to Rune Vik for missing the Kelso hearing.", "Hedda Sorli apologised for missing the Kelso hearing."),
    ("Hedda Sorli visited the studio and met conservator Rune Vik, then restored the altarpiece.", "Hedda Sorli restored the altarpiece."),
    ("Ms. Hedda Sorli will prosecute, and Mr. Rune Vik represents Ola Dahl.", "Ms. Hedda Sorli will prosecute."),
    # reordered clause
    ("Imogen Hale founded the Corby Bee Trust in 2017.", "In 2017, Imogen Hale founded the Corby Bee Trust."),
    ("The Mayfield school hall was closed for a week because the roof leaked.", "Because the roof leaked, the Mayfield school hall was closed for a week."),
    ("Victor Amsel now teaches sailing in Oban, having retired from the navy.", "Having retired from the navy, Victor Amsel now teaches sailing in Oban."),
    ("Sana Mir emailed the agenda to the board because the printer broke.", "Because the printer broke, Sana Mir emailed the agenda to the board."),
    ("The payroll system failed on 28 February, and the staff were paid late.", "The staff were paid late; the payroll system failed on 28 February."),
    ("Agnes Fairley joined the Oriel Singers after leaving Brightwater.", "After leaving Brightwater, Agnes Fairley joined the Oriel Singers."),
    ("Ida Quell found the lock broken and asked for it to be replaced within 3 days.", "Ida Quell asked for the lock to be replaced within 3 days after finding it broken."),
    # inflection
    ("Priya Raman joined Acme in 2019 as a designer.", "Priya Raman joins Acme"),
    ("Oskar Lind manages the warehouse.", "Oskar Lind has managed the warehouse."),
    ("Sami Haddad has written the report.", "Sami Haddad wrote the report."),
    ("Iris Vale led the choir.", "Iris Vale was leading the choir."),
    ("The gallery, run by Anika Roy, sold 40 prints.", "The gallery, which Anika Roy runs, has sold 40 prints."),
    ("Greta Lunde will fly to Bergen on Friday.", "Greta Lunde is flying to Bergen on Friday."),
    ("Maya Sorensen bought the Gullhaven Cafe.", "The Gullhaven Cafe was bought by Maya Sorensen."),
    ("The Fenwick Colts beat the Ashby Rovers 3-1.", "The Fenwick Colts have beaten the Ashby Rovers."),
    ("In May, inflation fell to 3.4%.", "Inflation fell to 3.4% in May."),
    ("Rory Dey co-wrote four songs with Isa Lund.", "Rory Dey has co-written four songs with Isa Lund."),
    # a passive whose agent comes later in the clause is the same voice as "V by X"
    ("The bridge was repainted in 2021 by Halden Works.", "In 2021, the bridge was repainted by Halden Works."),
    ("The bridge was repainted in 2021 by Halden Works.", "Halden Works repainted the bridge in 2021."),
    ("Kofi Amankwah-Lee was treated for a cut hand by Ilse Vandermeer.", "Kofi Amankwah-Lee was treated for a cut hand."),
    ("The festival was opened in June by Dorota Wilk.", "The festival was opened by Dorota Wilk."),
    # an adverb before "by" is no participle: "collected" keeps its agent across "early"
    ("Ivo Brand, aged 6, was collected early at 15:10 by his aunt.", "Ivo Brand was collected early by his aunt."),
]


def test_a_name_a_hedge_covers_may_carry_what_its_relative_clause_says_plainly() -> None:
    evidence = "Your game master will be Ishaan Pellow, who designed the final puzzle."
    assert judge("Ishaan Pellow designed the final puzzle.", evidence).ok
    assert judge("Ishaan Pellow is the game master.", evidence).code == "asserts_more_than_evidence"
    hedged = "Your game master may be Ishaan Pellow, who may have designed the final puzzle."
    assert judge("Ishaan Pellow designed the final puzzle.", hedged).code == "asserts_more_than_evidence"


def _ids(pairs: list[tuple[str, ...]]) -> list[str]:
    return [p[1][:40] for p in pairs]


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), SUBJECT_PAIRS, ids=_ids(SUBJECT_PAIRS))
def test_subject_gate_alone(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = subject_grounded.check(refused, evidence)
    assert not bad.ok and bad.code == "unknown_subject" and bad.gate == "subject_grounded"
    assert term in bad.detail and bad.remedy
    assert subject_grounded.check(twin, evidence).ok


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), ORDER_PAIRS, ids=_ids(ORDER_PAIRS))
def test_order_gate_alone(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = order_preserved.check(refused, evidence)
    assert not bad.ok and bad.code == "relation_transposed" and bad.gate == "order_preserved"
    assert term in bad.detail and bad.remedy
    assert order_preserved.check(twin, evidence).ok


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), NUMERAL_PAIRS, ids=_ids(NUMERAL_PAIRS))
def test_numerals_gate_alone(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = numerals_grounded.check(refused, evidence)
    assert not bad.ok and bad.code == "numeral_invented" and bad.gate == "numerals_grounded"
    assert term in bad.detail and "number" in bad.remedy
    assert numerals_grounded.check(twin, evidence).ok


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), PREDICATE_PAIRS, ids=_ids(PREDICATE_PAIRS))
def test_predicate_gate_alone(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = predicate_grounded.check(refused, evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence" and bad.gate == "predicate_grounded"
    assert term in bad.detail and bad.remedy
    assert predicate_grounded.check(twin, evidence).ok


ALL_PAIRS = (
    [(p, "unknown_subject") for p in SUBJECT_PAIRS]
    + [(p, "relation_transposed") for p in ORDER_PAIRS]
    + [(p, "numeral_invented") for p in NUMERAL_PAIRS]
    + [(p, "asserts_more_than_evidence") for p in PREDICATE_PAIRS]
)


@pytest.mark.parametrize(("pair", "code"), ALL_PAIRS, ids=[p[0][1][:40] for p in ALL_PAIRS])
def test_judge_reports_the_right_gate_and_admits_the_twin(pair: tuple[str, str, str, str], code: str) -> None:
    evidence, refused, twin, _ = pair
    verdict = judge(refused, evidence)
    assert not verdict.ok and verdict.code == code, verdict
    assert judge(twin, evidence).ok, judge(twin, evidence)


@pytest.mark.parametrize(("evidence", "claim"), ADMITS, ids=[c[:40] for _, c in ADMITS])
def test_judge_admits_verbatim_trimmed_reordered_and_inflected(evidence: str, claim: str) -> None:
    verdict = judge(claim, evidence)
    assert verdict.ok, verdict


def test_issue_examples() -> None:
    ev = "Priya Raman joined Acme in 2019 as a product designer."
    assert judge("In 2019, Priya Raman joined Acme.", ev).ok
    assert judge("Priya Raman joins Acme", ev).ok
    assert judge("Acme joined Priya Raman", ev).code == "relation_transposed"
    assert judge("Marcus Webb is a doctor.", "Marcus Webb is not a doctor.").code == "asserts_more_than_evidence"
    assert judge("Marcus Webb is not a doctor.", "Marcus Webb is not a doctor.").ok
    assert judge("The invoice was 4500 dollars.", "The invoice was $4,500.").ok
    assert judge("The invoice was $4,800.", "The invoice was $4,500.").code == "numeral_invented"
    assert judge("The team has three members.", "The team has 3 members.").ok
    assert judge("The team has a dozen members.", "The team has 3 members.").code == "numeral_invented"


def test_what_is_asked_is_not_done_by_the_asker_or_the_asked() -> None:
    # the predicate gate alone sees the request's scope run past its object; judge may name the
    # subject gate first, since the asker is not the one the evidence has re-counting
    ev = "Yuki Sato asked Omar Adeyemi to re-count the Kestrel ballots."
    alone = predicate_grounded.check("Yuki Sato re-counted the Kestrel ballots.", ev)
    assert not alone.ok and alone.detail.startswith("qualifier dropped: 'asked")
    assert not judge("Yuki Sato re-counted the Kestrel ballots.", ev).ok
    assert not judge("Omar Adeyemi re-counted the Kestrel ballots.", ev).ok
    assert judge("Yuki Sato asked Omar Adeyemi to re-count the ballots.", ev).ok


def test_gate_order_is_subject_order_numerals_predicate() -> None:
    # Wrong person, wrong number and an extra word at once: the subject is reported first.
    v = judge("Bo Tan always paid $9.", "Ada Lee paid $5.")
    assert v.code == "unknown_subject"
    v = judge("Ada Lee always paid $9.", "Ada Lee paid $5.")
    assert v.code == "numeral_invented"


def test_bad_input_is_a_verdict_not_an_exception() -> None:
    assert judge(None, "x").code == "invalid_input"  # type: ignore[arg-type]
    assert judge("x", 3).code == "invalid_input"  # type: ignore[arg-type]
    assert judge("Ada Lee left.", "").code == "unknown_subject"
    assert judge("", "Ada Lee left.").ok  # nothing asserted; the firewall rejects empty text
    for gate in (subject_grounded, order_preserved, numerals_grounded, predicate_grounded):
        assert isinstance(gate.check(None, None), GateVerdict)  # type: ignore[arg-type]


def test_verdict_shape() -> None:
    ok = GateVerdict.admit()
    assert (ok.ok, ok.code, ok.gate, ok.remedy, ok.detail) == (True, None, None, "", "")
    bad = judge("Ada Lee paid $9.", "Ada Lee paid $5.")
    assert bad.as_dict() == {
        "ok": False, "code": "numeral_invented", "gate": "numerals_grounded",
        "remedy": bad.remedy, "detail": "$9",
    }
    with pytest.raises(AttributeError):
        bad.ok = True  # type: ignore[misc]


def test_judge_is_fast() -> None:
    claim = "Because the roof leaked, the Mayfield school hall was closed for a week in March 2023."
    evidence = "The Mayfield school hall was closed for a week in March 2023 because the roof leaked."
    judge(claim, evidence)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(50):
            judge(claim, evidence)
        best = min(best, (time.perf_counter() - start) / 50)
    assert best < 0.005  # ~1 ms on a quiet machine; generous for loaded CI


# --------------------------------------------------------------------------------------------
# properties
# --------------------------------------------------------------------------------------------

_VOCAB = (
    "Ada Lee Ben Cole Acme Trust the a an joined left paid sold gave told thanked with to from by "
    "in on at for and but or not no never never he she they it his her him them its who which "
    "only every all always must might can't cannot won't was is has had will be been "
    "2019 £4,500 $3 12% three a dozen half 3.2.1 07:52 May June 14 September 2023 twice once "
    "second third 1st 4-3 , ; . ' \" - The In On Because Having Dr. Prof. Captain O'Neil "
    "Zoë co-wrote end-to-end 's son daughter lives staying UN3480 -5°C"
).split(" ")


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(_VOCAB), min_size=1, max_size=25))
def test_every_sentence_grounds_itself(words: list[str]) -> None:
    sentence = " ".join(words)
    v = judge(sentence, sentence)
    # but for one whose subject is a pronoun that names no one ("he paid"), refused whatever the
    # evidence, as the twins of test_a_pronoun_subject_names_no_one_... show
    assert v.ok or (v.code == "unknown_subject" and v.detail.lower() in ("he", "she", "they", "it", "his", "her", "its", "their")), v


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=250), st.text(max_size=250))
def test_gates_never_raise_on_arbitrary_unicode(claim: str, evidence: str) -> None:
    for gate in (subject_grounded, order_preserved, numerals_grounded, predicate_grounded):
        v = gate.check(claim, evidence)
        assert v.ok or v.code in REFUSAL_CODES
    v = judge(claim, evidence)
    assert v.ok or (v.code in REFUSAL_CODES and v.remedy)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from(["Ada Lee", "The Orchard Trust", "Captain Ben Cole"]),
    st.sampled_from(["paid", "raised", "donated"]),
    st.integers(min_value=1, max_value=999_999),
    st.integers(min_value=1, max_value=999_999),
)
def test_amounts_are_compared_by_value(subject: str, verb: str, a: int, b: int) -> None:
    evidence = f"{subject} {verb} £{a:,} last year."
    assert judge(f"Last year, {subject} {verb} £{a}.", evidence).ok
    v = judge(f"{subject} {verb} £{b:,}.", evidence)
    assert v.ok is (a == b)
    if a != b:
        assert v.code == "numeral_invented"


@pytest.mark.parametrize("claim, evidence", [
    ("Ines Roe now plays lead for the Heron rink instead of second.",
     "Ines Roe now plays second for the Heron rink instead of lead, because the old second moved away."),
    ("A day pass at The Mill will cost £15, up from £18.", "A day pass at The Mill will cost £18, up from £15."),
    ("Ada Obi chose coffee rather than tea.", "Ada Obi chose tea rather than coffee at the café."),
])
def test_the_two_sides_of_a_contrast_may_not_change_places(claim: str, evidence: str) -> None:
    v = judge(claim, evidence)
    assert not v.ok and v.code == "relation_transposed", (claim, v)
    # the same contrast the evidence's way round is admitted
    kept = judge(evidence.split(",")[0].rstrip(".") + ".", evidence)
    assert kept.ok, (kept.code, kept.detail)


def test_the_possessive_may_not_pass_from_one_name_to_the_other() -> None:
    evidence = "Dr. Lina Berg will be Cerys Moss's academic tutor from October."
    v = judge("Cerys Moss will be Dr. Lina Berg's academic tutor.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    # the twins: the same possessor, trimmed or with the apposition moved
    assert judge("Dr. Lina Berg will be Cerys Moss's academic tutor.", evidence).ok
    assert judge("Bo Lee, Ada Obi's manager, hired Sam Roe.", "Ada Obi's manager, Bo Lee, hired Sam Roe.").ok


def test_a_post_owned_with_s_may_be_said_with_of_but_not_turned_round() -> None:
    evidence = "Marlpit Green's captain, Barnaby Stott, drew a perfect toucher on the last end."
    assert judge("Barnaby Stott, captain of Marlpit Green, drew a perfect toucher.", evidence).ok
    assert judge("Barnaby Stott, the captain of Marlpit Green, drew a perfect toucher.", evidence).ok
    # the twins: the same words with the owner and the holder swapped, and a post with no apposition
    v = judge("Marlpit Green, captain of Barnaby Stott, drew a perfect toucher.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    v = judge("Bo Lind, coach of Ada Obi, resigned.", "Bo Lind's coach, Ada Obi, resigned.")
    assert not v.ok and v.code == "relation_transposed", v
    assert judge("Ada Obi, coach of Bo Lind, resigned.", "Bo Lind's coach, Ada Obi, resigned.").ok
    v = judge("Barnaby Stott, captain of Marlpit Green, drew a toucher.", "Marlpit Green's captain beat Barnaby Stott and drew a toucher.")
    assert not v.ok and v.code == "relation_transposed", v
    # a post of two words ("best man") is said with "of" the same way, and turned round is refused
    evidence = "Florian Ndiaye's best man, Emrys Takahara, will give the first speech."
    assert judge("Emrys Takahara, best man of Florian Ndiaye, will give the first speech.", evidence).ok
    v = judge("Florian Ndiaye, best man of Emrys Takahara, will give the first speech.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    # "his R H": the post belongs to the one "his" stands for, whichever order the claim says it in
    evidence = "Tomasz Lind missed the Ballymore show with laryngitis, and his understudy Osei Mensah sang Scarpia."
    _refused_with_code_and_twin_admitted(evidence, "Tomasz Lind was the understudy of Osei Mensah.",
                                         "Osei Mensah was the understudy of Tomasz Lind.", "relation_transposed")
    evidence = "Bo Han was away, and his deputy Ada Park chaired the meeting."
    _refused_with_code_and_twin_admitted(evidence, "Bo Han is Ada Park's deputy.", "Ada Park is Bo Han's deputy.",
                                         "relation_transposed")
    _refused_with_code_and_twin_admitted(evidence, "Bo Han is the deputy of Ada Park.", "Ada Park is the deputy of Bo Han.",
                                         "relation_transposed")
    # a plural name's possessive is its apostrophe alone
    assert judge("Ada Obi, coach of Leith Rovers, resigned.", "Leith Rovers' coach, Ada Obi, resigned.").ok
    v = judge("Leith Rovers, coach of Ada Obi, resigned.", "Leith Rovers' coach, Ada Obi, resigned.")
    assert not v.ok and v.code == "relation_transposed", v


# What the evidence only aims at, schedules or ranks below the top is not a plain fact. Each
# refused claim keeps the governed words without the word that governs them; its twin keeps both.
UNREALISED_PAIRS = [
    # a purpose infinitive: what it was done for need not have come about
    ("The council closed the bridge to repair the railings.", "The council repaired the railings.",
     "The council closed the bridge to repair the railings.", "to repair"),
    ("The council closed the bridge to repair the railings.", "The council closed the bridge, repairing the railings.",
     "The council closed the bridge.", "to repair"),
    # a purpose told first is still the purpose
    ("The council closed the bridge to repair the railings.", "The council repaired the railings.",
     "To repair the railings, the council closed the bridge.", "to repair"),
    # "is about to", "was due to", "was going to": what is to come has not happened
    ("The ferry was about to leave when the storm hit.", "The ferry left.", "The ferry was about to leave.", "about leave"),
    ("The library is due to reopen the reading room.", "The library reopened the reading room.",
     "The library will reopen the reading room.", "due reopen"),
    ("The band was going to play in Hull.", "The band played in Hull.", "The band was going to play in Hull.", "going play"),
    ("The trust is preparing to sell the farm.", "The trust sold the farm.", "The trust is preparing to sell the farm.", "preparing"),
    # an ordinal ranks a superlative below the top; "one of the" is one among several
    ("Brindle Hill is the third highest peak in the county.", "Brindle Hill is the highest peak in the county.",
     "Brindle Hill is the third highest peak.", "third highest"),
    ("The Corran bell is one of the oldest bells in Fife.", "The Corran bell is the oldest bell in Fife.",
     "The Corran bell is one of the oldest bells.", "one of"),
    # a comparative before "than" bounds the number, as "more than" does
    ("The meeting lasted longer than three hours.", "The meeting lasted three hours.",
     "The meeting lasted longer than three hours.", "longer than"),
]


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), UNREALISED_PAIRS, ids=_ids(UNREALISED_PAIRS))
def test_unrealised_ranked_and_bounded_words_are_kept(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = judge(refused, evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence", (refused, bad)
    assert term in bad.detail and bad.remedy
    good = judge(twin, evidence)
    assert good.ok, (twin, good.code, good.detail)


@pytest.mark.parametrize(("evidence", "claim"), [
    ("Ada Obi switched to oat milk in May.", "Ada Obi switched to oat milk."),  # "to" a place or thing
    ("Ben Roy went back to work after the holiday.", "Ben Roy went back to work."),
    ("Ada Obi was able to finish the route.", "Ada Obi was able to finish the route."),
    ("Ada Obi is the last member of the old crew.", "Ada Obi is the last member of the crew."),
])
def test_to_and_superlatives_that_govern_nothing_unrealised_still_admit(evidence: str, claim: str) -> None:
    v = judge(claim, evidence)
    assert v.ok, (claim, v.code, v.detail)


# A number given per unit or per member is no total: the claim keeps the "per"/"each" with it.
RATE_PAIRS = [
    ("The ferry charges £9 per car.", "The ferry charges £9.", "The ferry charges £9 per car.", "per car"),
    ("The plant treats 40 tonnes of waste a day.", "The plant treats 40 tonnes of waste.",
     "The plant treats 40 tonnes of waste a day.", "a day"),
    ("Each of the six wards received 12 new beds.", "The six wards received 12 new beds.",
     "Each of the six wards received 12 new beds.", "each"),
    ("Three stewards stood at each of the two gates.", "Three stewards stood at the two gates.",
     "Three stewards stood at each of the two gates.", "each"),
]


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), RATE_PAIRS, ids=_ids(RATE_PAIRS))
def test_a_rate_keeps_its_per_or_each(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = judge(refused, evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence", (refused, bad)
    assert term in bad.detail and bad.remedy
    assert judge(twin, evidence).ok


def test_each_binds_only_the_numbers_of_its_own_clause() -> None:
    evidence = "The hall was painted by 12 volunteers, and the tea urns cost £40 each."
    assert judge("The hall was painted by 12 volunteers.", evidence).ok
    assert not judge("The tea urns cost £40.", evidence).ok


# Who did it: a role-noun subject is bound with its modifiers, and a passive's "by" agent is the
# only doer a voice change may make the subject.
BINDING_PAIRS = [
    ("The site manager, Ola Berg, locked the gates, and the night porter, Tom Reyes, called the police.",
     "The site manager called the police.", "The night porter called the police.", "site manager"),
    ("Head keeper Nina Sall fed the otters while the assistant keeper, Dev Rao, cleaned the pool.",
     "The head keeper cleaned the pool.", "The head keeper fed the otters.", "head keeper"),
    ("The mural was sketched by Lena Ortiz and painted by pupils.",
     "Lena Ortiz painted the mural.", "Lena Ortiz sketched the mural.", "pupils"),
    ("The flood was caused by a contractor hired by Dunmore Council.",
     "Dunmore Council caused the flood.", "A contractor caused the flood.", "a contractor'"),
]


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), BINDING_PAIRS, ids=_ids(BINDING_PAIRS))
def test_the_doer_is_bound_by_role_modifiers_and_by_agents(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = judge(refused, evidence)
    assert not bad.ok and bad.code in ("unknown_subject", "relation_transposed"), (refused, bad)
    assert term in bad.remedy
    good = judge(twin, evidence)
    assert good.ok, (twin, good.code, good.detail)


@pytest.mark.parametrize(("evidence", "refused", "twin"), [
    ("The choir toured Norway last summer.", "The choir toured Norway this summer.", "Last summer, the choir toured Norway."),
    ("Rents rose by 4 percent this year.", "Rents rose by 4 percent last year.", "Rents rose by 4 percent this year."),
])
def test_last_this_and_next_name_which_time(evidence: str, refused: str, twin: str) -> None:
    bad = judge(refused, evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence" and "time moved" in bad.detail, (refused, bad)
    assert judge(twin, evidence).ok


@pytest.mark.parametrize("claim, evidence", [
    ("The trench flooded after the storm.", "The eastern half of the trench flooded after the storm."),
    ("Kelham was without water overnight.", "The southern part of Kelham was without water overnight."),
    ("The towpath was closed after the landslip.", "The upper section of the towpath was closed after the landslip."),
])
def test_a_part_at_the_head_of_the_subject_may_not_be_dropped(claim: str, evidence: str) -> None:
    v = judge(claim, evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", (claim, v)
    # the twin keeps the part, and says only what the evidence says
    kept = judge(evidence.split(" after ")[0].split(" overnight")[0] + ".", evidence)
    assert kept.ok, (kept.code, kept.detail)


# A relative clause that restricts a plural said in general: the claim keeps the restriction.
RESTRICTED_PAIRS = [
    ("Students who miss the deadline will lose their deposit.", "Students will lose their deposit.",
     "Students who miss the deadline will lose their deposit.", "who miss the deadline"),
    ("Local residents who hold a permit can park free.", "Local residents can park free.",
     "Local residents who hold a permit can park free.", "who hold a permit"),
    ("The library fines members that return books late.", "The library fines members.",
     "The library fines members that return books late.", "that return books late"),
]


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), RESTRICTED_PAIRS, ids=_ids(RESTRICTED_PAIRS))
def test_a_restrictive_relative_on_a_general_plural_is_kept(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = judge(refused, evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence", (refused, bad)
    assert term in bad.detail and bad.remedy
    assert judge(twin, evidence).ok


@pytest.mark.parametrize("claim, evidence", [
    # the clause points at particular ones ("the drivers"), or adds rather than restricts (comma)
    ("The drivers were fined.", "The drivers who parked on the verge were fined."),
    ("Ada Lee thanked the volunteers.", "Ada Lee thanked the volunteers who cleaned the beach."),
    ("Volunteers cleaned the beach.", "Volunteers, who came from five towns, cleaned the beach."),
    # "that" opening a clause of its own, not a relative
    ("The council told residents the road would close.", "The council told residents that the road would close."),
])
def test_a_relative_that_points_or_adds_may_be_dropped(claim: str, evidence: str) -> None:
    v = judge(claim, evidence)
    assert v.ok, (claim, v.code, v.detail)


# An action under way is not one done: the claim keeps it in progress.
ASPECT_PAIRS = [
    ("The club is repairing the slipway.", "The club repaired the slipway.", "The club is repairing the slipway.",
     "is repairing"),
    ("Ardley Mill was weaving the order when the power failed.", "Ardley Mill wove the order.",
     "Ardley Mill was weaving the order.", "was weaving"),
    ("The bridge is being rebuilt after the flood.", "The bridge was rebuilt after the flood.",
     "The bridge is being rebuilt.", "is being rebuilt"),
]


@pytest.mark.parametrize(("evidence", "refused", "twin", "term"), ASPECT_PAIRS, ids=_ids(ASPECT_PAIRS))
def test_an_action_under_way_is_not_told_as_done(evidence: str, refused: str, twin: str, term: str) -> None:
    bad = judge(refused, evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence", (refused, bad)
    assert term in bad.detail and bad.remedy
    assert judge(twin, evidence).ok


@pytest.mark.parametrize("claim, evidence", [
    ("The club repaired the slipway.", "The club has repaired the slipway."),  # done, in the perfect
    ("The hall is used as a clinic.", "The hall is being used as a clinic."),  # a present state
    ("The council will proceed with the plan.", "The council is proceeding with the plan."),  # "proceed" is no past
])
def test_a_verb_the_evidence_has_done_or_in_the_present_is_admitted(claim: str, evidence: str) -> None:
    v = judge(claim, evidence)
    assert v.ok, (claim, v.code, v.detail)


def test_all_of_a_reported_clause_is_reported_not_only_its_first_words() -> None:
    evidence = "Matteo Farrant told the board that the players had rejected the new contract."
    # the report's own speaker did not reject it, and the players' rejection is only reported
    for claim in ("Matteo Farrant rejected the new contract.", "The players rejected the new contract."):
        v = judge(claim, evidence)
        assert not v.ok and v.code == "asserts_more_than_evidence", (claim, v)
    # the twins keep the report, or say only what was done plainly
    assert judge("Matteo Farrant told the board the players had rejected the contract.", evidence).ok
    assert judge("Matteo Farrant told the board.", evidence).ok


def test_so_and_because_may_turn_a_cause_around_but_not_swap_it() -> None:
    evidence = "Anwen Rudd pulled the cable through an old duct, so no digging was needed."
    assert judge("No digging was needed because Anwen Rudd pulled the cable through an old duct.", evidence).ok
    assert judge("Anwen Rudd pulled the cable through an old duct, so no digging was needed.",
                 "No digging was needed because Anwen Rudd pulled the cable through an old duct.").ok
    assert judge("Because Anwen Rudd pulled the cable through an old duct, no digging was needed.", evidence).ok
    # the twins: the effect made the cause (the relation turned round), and a cause where the
    # evidence gives none (a link it does not state)
    for claim, ev, code in (
            ("Anwen Rudd pulled the cable through an old duct because no digging was needed.", evidence,
             "relation_transposed"),
            ("No digging was needed, so Anwen Rudd pulled the cable through an old duct.", evidence,
             "relation_transposed"),
            ("Because no digging was needed, Anwen Rudd pulled the cable through an old duct.", evidence,
             "relation_transposed"),
            ("The road closed because the bridge flooded.", "The road closed, and the bridge flooded.",
             "asserts_more_than_evidence")):
        v = judge(claim, ev)
        assert not v.ok and v.code == code, (claim, v)


def test_a_link_of_a_chain_of_possessives_may_not_be_dropped() -> None:
    evidence = "The producer's assistant's laptop was stolen from the box office."
    v = judge("The producer's laptop was stolen from the box office.", evidence)
    assert not v.ok and v.code == "relation_transposed" and "assistant's" in v.remedy, v
    # the twins: the whole chain, or its last owner alone
    assert judge("The producer's assistant's laptop was stolen.", evidence).ok
    assert judge("The assistant's laptop was stolen.", evidence).ok


def test_a_name_that_only_says_which_team_binds_the_team_as_the_doer() -> None:
    evidence = "The injured walker was airlifted by the coastguard helicopter after the Glen Arrow team reached him."
    v = judge("The Glen Arrow team airlifted the injured walker.", evidence)
    assert not v.ok and v.code == "unknown_subject" and "Glen Arrow team" in v.detail, v
    # the twins: the passive's own agent, and what the team itself did
    assert judge("The coastguard helicopter airlifted the injured walker.", evidence).ok
    assert judge("The Glen Arrow team reached the injured walker.", evidence).ok


def test_the_two_ends_of_a_change_may_not_trade_places() -> None:
    evidence = "Henrietta Sallis has moved from Tuesday mornings to the Saturday afternoon shift, 1:00 to 5:00."
    v = judge("Henrietta Sallis has moved from the Saturday afternoon shift to Tuesday mornings.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    assert judge("Henrietta Sallis has moved from Tuesday mornings to the Saturday afternoon shift.", evidence).ok
    assert judge("Henrietta Sallis has moved to the Saturday afternoon shift.", evidence).ok


@pytest.mark.parametrize("evidence, swapped, kept", [
    ("The semi-skimmed milk (2 pints) was replaced with whole milk, and the oats with a larger bag.",
     "The whole milk was replaced with semi-skimmed milk.", "The semi-skimmed milk was replaced with whole milk."),
    ("Fieldfare replaced the semi-skimmed milk with whole milk.",
     "Fieldfare replaced the whole milk with semi-skimmed milk.", "Fieldfare replaced the semi-skimmed milk with whole milk."),
    ("Nora Beck's trainer swapped lunges for step-ups.", "Nora Beck's trainer swapped step-ups for lunges.", "Nora Beck's trainer swapped lunges for step-ups."),
])
def test_what_an_exchange_gave_up_and_took_may_not_trade_places(evidence: str, swapped: str, kept: str) -> None:
    v = judge(swapped, evidence)
    assert not v.ok and v.code == "relation_transposed", v
    assert judge(kept, evidence).ok


def test_a_condition_after_a_joined_clause_governs_that_clause_only() -> None:
    evidence = "Kieran Ost will return on 2 March to check the bait and will recommend a deep clean if activity continues."
    assert judge("Kieran Ost will return on 2 March to check the bait.", evidence).ok
    v = judge("Kieran Ost will recommend a deep clean.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # a condition that opens its sentence governs all of it
    v = judge("The ferry will sail.", "If the wind drops, the ferry will sail and the café will open.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_provided_as_a_verb_is_no_condition() -> None:
    evidence = "Bernard Quist chose hearing aids in a silver finish, which are provided free of charge."
    assert judge("Bernard Quist chose hearing aids in a silver finish.", evidence).ok
    v = judge("The match will go ahead.", "The match will go ahead provided the pitch is dry.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_negation_moved_onto_what_the_evidence_affirms_is_refused() -> None:
    evidence = "The Harlow Yard key card also opens the cycle shed, but it does not open the roof deck after 22:00."
    moved = judge("The Harlow Yard key card does not open the cycle shed.", evidence)
    assert not moved.ok and moved.code == "asserts_more_than_evidence", moved
    # the twins: the negation kept where the evidence says it, and the affirmed clause alone
    assert judge("The Harlow Yard key card does not open the roof deck after 22:00.", evidence).ok
    assert judge("The Harlow Yard key card also opens the cycle shed.", evidence).ok


def test_a_claim_may_drop_a_negated_clause_whose_subject_was_elided() -> None:
    evidence = "The trustees approved hiring a site manager but did not approve the proposed second depot in Carrow."
    assert judge("The trustees approved hiring a site manager.", evidence).ok
    # the twins: what the negation is said of may not be claimed as approved
    dropped = judge("The trustees approved the proposed second depot in Carrow.", evidence)
    assert not dropped.ok and dropped.code == "asserts_more_than_evidence", dropped
    assert judge("The trustees did not approve the proposed second depot.", evidence).ok


def test_a_participle_set_off_with_its_agent_is_a_passive() -> None:
    evidence = "Ada Moss's chronometer, made in 1868 by Pellow & Sons of Ellerby, will be shown in the gallery."
    # the same relation in the passive with "was", or in the active: the evidence's reduced passive
    assert judge("Ada Moss's chronometer was made in 1868 by Pellow & Sons of Ellerby.", evidence).ok
    assert judge("Pellow & Sons made Ada Moss's chronometer in 1868.", evidence).ok
    # the twin: the same words with maker and made turned round
    v = judge("Pellow & Sons was made in 1868 by Ada Moss's chronometer.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    # a participle set off with no agent stays as it was read ("born" names no doer)
    assert judge("Ada Moss joined Acme in 1990.", "Ada Moss, born in 1950, joined Acme in 1990.").ok


def test_roles_swapped_around_a_name_reached_again_through_a_pronoun_are_refused() -> None:
    evidence = "Lidia Spane will be assisted by Corin Ash, who has danced with her for six years."
    v = judge("Corin Ash will be assisted by Lidia Spane, who has danced with him for six years.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    # the twins: the same roles, trimmed or in the active voice
    assert judge("Lidia Spane will be assisted by Corin Ash.", evidence).ok
    assert judge("Corin Ash will assist Lidia Spane.", evidence).ok


def test_a_relative_clause_set_off_after_a_name_is_that_name_s() -> None:
    evidence = "Tobiah Sandqvist will play the oboe solo instead of Ngozi Halloran, who has a wrist injury."
    v = judge("Tobiah Sandqvist has a wrist injury.", evidence)
    assert not v.ok and v.code == "unknown_subject", v
    v = judge("Tobiah Sandqvist thanked the team.", "Tobiah Sandqvist gave the prize to Ngozi Halloran, who thanked the team.")
    assert not v.ok and v.code == "unknown_subject", v
    # the twins: the relative's own name, the main clause's own verb, and a relative about the subject
    assert judge("Ngozi Halloran has a wrist injury.", evidence).ok
    assert judge("Tobiah Sandqvist will play the oboe solo.", evidence).ok
    assert judge("Tobiah Sandqvist has a wrist injury.", "Tobiah Sandqvist, who coaches Ngozi Halloran, has a wrist injury.").ok


def test_what_someone_reported_or_announced_is_not_the_claim_s_own_fact() -> None:
    evidence = "Thandi Kowal, the society's treasurer, reported that plot rents will rise from £38 to £45 a year."
    v = judge("Plot rents will rise from £38 to £45 a year.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Leith Rovers will move to Corran Park.", "The club announced that Leith Rovers will move to Corran Park.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twins: the report kept, and a report of a thing rather than a clause
    assert judge("Thandi Kowal reported that plot rents will rise from £38 to £45 a year.", evidence).ok
    assert judge("Ada Obi reported a surplus of £3,480.", "Ada Obi reported a surplus of £3,480 for the season.").ok


def test_a_fraction_before_a_kept_noun_may_not_be_dropped() -> None:
    evidence = "Florian Ndiaye finished the Tullenby half marathon in just under 1 hour 32 minutes."
    v = judge("Florian Ndiaye finished the Tullenby marathon in just under 1 hour 32 minutes.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Ada Obi ran for an hour.", "Ada Obi ran for half an hour.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twins: the fraction kept, or dropped with its noun
    assert judge("Florian Ndiaye finished the Tullenby half marathon.", evidence).ok
    assert judge("Florian Ndiaye finished in just under 1 hour 32 minutes.", evidence).ok


def test_a_claim_about_the_alternative_not_taken_may_keep_what_its_own_clause_says() -> None:
    evidence = "Tobiah Sandqvist will play the oboe solo instead of Ngozi Halloran, who has a wrist injury."
    assert judge("Ngozi Halloran has a wrist injury.", evidence).ok
    assert not judge("Ngozi Halloran will play the oboe solo.", evidence).ok  # the choice is not hers
    assert judge("Tobiah Sandqvist will play the oboe solo.", evidence).ok


def test_a_distributive_binds_the_number_right_before_it() -> None:
    evidence = "At Hollowfield, whole organic chickens are £11.50 each and beef mince is £8.90 per kilo."
    assert judge("At Hollowfield, beef mince is £8.90 per kilo.", evidence).ok  # "each" is the chickens'
    assert judge("At Hollowfield, beef mince is £8.90 a kilo.", "At Hollowfield, beef mince is £8.90 per kg.").ok
    # the twins: dropping the rate of the number it binds is still refused
    assert judge("At Hollowfield, whole organic chickens are £11.50.", evidence).code == "asserts_more_than_evidence"
    assert judge("At Hollowfield, beef mince is £8.90.", evidence).code == "asserts_more_than_evidence"


def test_each_with_a_participle_distributes_the_number_after_it() -> None:
    evidence = "Voltaic Bridge commissioned four RapidArc 50 chargers, each rated at 50 kW, for Orchard Retail Park."
    # the model's "50" is not the rating that "each" distributes
    assert judge("Voltaic Bridge commissioned four RapidArc 50 chargers for Orchard Retail Park.", evidence).ok
    assert judge("Voltaic Bridge commissioned four chargers rated at 50 kW.", evidence).code == "asserts_more_than_evidence"
    assert judge("The array produces 50 MW.", "The array produces 50 kW.").code == "numeral_invented"
    assert judge("The array produces 50 kilowatts.", "The array produces 50 kW.").ok


def test_coordinated_participles_share_their_agent() -> None:
    evidence = "Rosamund Achebe photographed and catalogued all 212 movement parts."
    assert judge("All 212 movement parts were photographed and catalogued by Rosamund Achebe.", evidence).ok
    assert judge("The 212 movement parts photographed and catalogued Rosamund Achebe.",
                 evidence).code == "relation_transposed"


def test_a_relative_clause_may_trade_places_with_its_main_clause() -> None:
    evidence = "Jarek Umeadi glazed the bowls that Xanthe Bjornstad had thrown."
    assert judge("Xanthe Bjornstad had thrown the bowls that Jarek Umeadi glazed.", evidence).ok
    rota = "Parents are asked to bring oranges for half-time on a rota that Idris Kavanagh will circulate."
    assert judge("Idris Kavanagh will circulate a rota on which parents are asked to bring oranges for half-time.", rota).ok
    # the twins: who did which is still read, and exchanging the verbs is refused
    assert not judge("Xanthe Bjornstad glazed the bowls that Jarek Umeadi had thrown.", evidence).ok
    assert not judge("Jarek Umeadi had thrown the bowls that Xanthe Bjornstad glazed.", evidence).ok


def test_the_noun_a_relative_clause_is_said_of_may_have_modifiers() -> None:
    evidence = "Jarek Umeadi glazed the large blue bowls that Xanthe Bjornstad had thrown."
    assert judge("Xanthe Bjornstad had thrown the large blue bowls that Jarek Umeadi glazed.", evidence).ok
    assert judge("Xanthe Bjornstad had thrown the three bowls that Jarek Umeadi glazed.",
                 "Jarek Umeadi glazed the three bowls that Xanthe Bjornstad had thrown.").ok
    assert judge("Xanthe Bjornstad glazed the large blue bowls that Jarek Umeadi had thrown.", evidence).code \
        == "relation_transposed"
    assert judge("Jarek Umeadi had thrown the large blue bowls that Xanthe Bjornstad glazed.", evidence).code \
        == "relation_transposed"


def _refused_with_code_and_twin_admitted(evidence: str, refused: str, twin: str, code: str) -> None:
    verdict = judge(refused, evidence)
    assert not verdict.ok and verdict.code == code, verdict
    assert judge(twin, evidence).ok, judge(twin, evidence)


ROLE_WORD_CASES = [
    # a role word before a name is said of that name: moved to the other person, the roles are swapped
    ("Podiatrist Eluned Pryderi will see Henrietta Oyelaran on 12 March.",
     "Podiatrist Henrietta Oyelaran will see Eluned Pryderi on 12 March.",
     "Eluned Pryderi will see Henrietta Oyelaran on 12 March.", "relation_transposed"),
    ("Surveyor Tobiah Kestevan inspected the roof for Fenella Drouhin.",
     "Surveyor Fenella Drouhin inspected the roof for Tobiah Kestevan.",
     "Surveyor Tobiah Kestevan inspected the roof.", "relation_transposed"),
    ("Consultant Dr. Oriel Fanshawe-Okafor has advised Rafferty Quennell-Abara against surgery.",
     "Consultant Rafferty Quennell-Abara has advised Dr. Oriel Fanshawe-Okafor against surgery.",
     "Consultant Dr. Oriel Fanshawe-Okafor has advised Rafferty Quennell-Abara.", "relation_transposed"),
    # a role the evidence gives no one is an added word, and the person is still the one it names
    ("Eluned Pryderi will see Henrietta Oyelaran on 12 March.",
     "Podiatrist Eluned Pryderi will see Henrietta Oyelaran on 12 March.",
     "Eluned Pryderi will see Henrietta Oyelaran.", "asserts_more_than_evidence"),
    ("Ivo Brand will see Eluned Pryderi on 12 March.",
     "Ivo Brand will see podiatrist Eluned Pryderi on 12 March.",
     "Ivo Brand will see Eluned Pryderi.", "asserts_more_than_evidence"),
    # ... and a person the evidence never names is unknown, role or no role
    ("Podiatrist Eluned Pryderi will see Henrietta Oyelaran on 12 March.",
     "Podiatrist Ivo Brand will see Henrietta Oyelaran on 12 March.",
     "Podiatrist Eluned Pryderi will see Henrietta Oyelaran.", "unknown_subject"),
]


@pytest.mark.parametrize(("evidence", "refused", "twin", "code"), ROLE_WORD_CASES, ids=[c[1][:40] for c in ROLE_WORD_CASES])
def test_a_role_word_before_a_name_is_said_of_that_name(evidence: str, refused: str, twin: str, code: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, code)


def test_a_word_the_claim_says_twice_and_the_evidence_once_sets_no_order() -> None:
    # "driver ... will drive" shares one stem with the evidence's one "drive" (its "Driver" opens a
    # name): which of the two it is cannot be told, so it orders nothing, and the rest still does
    evidence = "Driver Leopold Makinde-Urquhart will drive the route from Tolland to Ashcombe, collecting at Osier Close."
    assert judge("Collecting at Osier Close, driver Leopold Makinde-Urquhart will drive the route from Tolland to Ashcombe.",
                 evidence).ok
    assert judge("Collecting at Osier Close, driver Leopold Makinde-Urquhart will drive the route from Ashcombe to Tolland.",
                 evidence).code == "relation_transposed"


def test_a_name_set_off_by_commas_after_a_noun_is_in_that_clause() -> None:
    # "the driver, Tomasz Wierzbicki, will call": the apposition is no clause of its own, so who
    # calls whom is read across it
    evidence = "The driver, Tomasz Wierzbicki, will call the recipient, Priya Ramanathan, before arrival."
    assert judge("The recipient, Priya Ramanathan, will call the driver, Tomasz Wierzbicki, before arrival.",
                 evidence).code == "relation_transposed"
    assert judge("The recipient, Priya Ramanathan, will call the driver.", evidence).code == "relation_transposed"
    assert judge("The driver, Tomasz Wierzbicki, will call the recipient, Priya Ramanathan.", evidence).ok
    assert judge("Tomasz Wierzbicki will call Priya Ramanathan before arrival.", evidence).ok
    # a list of names is not an apposition: each keeps its place
    listed = "Ada Lee, Bo Ward, and Cy Tan met the mayor."
    assert judge("Bo Ward met the mayor.", listed).ok


@pytest.mark.parametrize(("evidence", "refused", "twin", "code"), [
    # what an exception is taken from, said without the exception, is said of all
    ("The council agreed to replace all the benches on the recreation ground except the one by the pond.",
     "The council agreed to replace all the benches on the recreation ground.",
     "The council agreed to replace all the benches on the recreation ground except the one by the pond.",
     "asserts_more_than_evidence"),
    ("Ravi Chandrasekar will cover the early shifts on those days, except on 18 June.",
     "Ravi Chandrasekar will cover the early shifts on those days.",
     "Except on 18 June, Ravi Chandrasekar will cover the early shifts on those days.", "asserts_more_than_evidence"),
    # one of several is not the one
    ("Mr Joel Brandt will be one of the accompanying adults on the trip.",
     "Mr Joel Brandt will be the accompanying adult on the trip.",
     "Mr Joel Brandt will be an accompanying adult on the trip.", "asserts_more_than_evidence"),
    # the same event on the other side of "before" / "after"
    ("Simmer for 20 minutes before adding the roasted squash, then blend until smooth.",
     "Simmer for 20 minutes after adding the roasted squash, then blend until smooth.",
     "Simmer for 20 minutes before adding the roasted squash.", "relation_transposed"),
    ("Passengers travelling after 7 pm are advised to check before they set out.",
     "Passengers travelling before 7 pm are advised to check before they set out.",
     "Passengers travelling after 7 pm are advised to check.", "relation_transposed"),
], ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_restriction_or_a_sequence_is_kept(evidence: str, refused: str, twin: str, code: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, code)


def test_two_words_that_trade_places_are_refused_across_clauses() -> None:
    evidence = "Dr Imre Vasko, who carried out your filling in June, has asked to see you for a short check."
    assert judge("Dr Imre Vasko, who carried out your check in June, has asked to see you for a short filling.",
                 evidence).code == "relation_transposed"
    assert judge("Dr Imre Vasko, who carried out your filling in June, has asked to see you.", evidence).ok
    # the twin: a list in another order is the same list
    assert judge("The shop sells pears and apples.", "The shop sells apples and pears.").ok


def test_an_organisations_role_word_before_a_name_makes_that_person_the_subject() -> None:
    # "Rovers striker Tobias Rennick saved ...": the subject is Tobias Rennick, and the evidence
    # gives the save to someone else
    evidence = "Rovers striker Tobias Rennick scored twice, and goalkeeper Ollie Thackeray saved a penalty."
    assert not judge("Rovers striker Tobias Rennick saved a penalty.", evidence).ok
    assert judge("Rovers striker Tobias Rennick scored twice.", evidence).ok
    assert judge("Goalkeeper Ollie Thackeray saved a penalty.", evidence).ok


@pytest.mark.parametrize(("evidence", "refused", "twin", "code"), [
    # what a price is per is part of its unit: per child is not per family, per month not per week
    ("The trip costs £12 per child.", "The trip costs £12 per family.", "The trip costs £12 per child.",
     "numeral_invented"),
    ("The flat is let at £1,150 per calendar month.", "The flat is let at £1,150 per week.",
     "The flat is let at £1,150 per calendar month.", "numeral_invented"),
    ("The trip costs £12 per head.", "The trip costs £12 per pupil.", "The trip costs £12 a head.",
     "numeral_invented"),
    # "pm" is part of the time, not the subject: the time is what is wrong
    ("The 14:12 service from Hollins Cross has been cancelled.",
     "The 4:12 pm service from Hollins Cross has been cancelled.",
     "The 2:12 pm service from Hollins Cross has been cancelled.", "numeral_invented"),
    # a link dropped from a chain of owners gives the thing to the wrong owner
    ("Margit's grandmother's version used smoked paprika instead of cumin.",
     "Margit's version used smoked paprika instead of cumin.",
     "Margit's grandmother's version used smoked paprika.", "relation_transposed"),
], ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_rate_a_time_and_a_chain_of_owners_get_their_own_code(evidence: str, refused: str, twin: str,
                                                                 code: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, code)


def test_a_thing_no_owner_in_the_chain_owns_is_still_an_unknown_subject() -> None:
    evidence = "Margit's grandmother's version used smoked paprika instead of cumin."
    assert judge("Margit's bike used smoked paprika.", evidence).code == "unknown_subject"


def test_a_pronoun_that_can_only_be_the_named_person_does_what_they_do() -> None:
    # "Ewan's workshop sold out, so he will run a second one": he can only be Ewan
    evidence = "Ewan Halloran-Pike's glaze workshop sold out, so he will run a second one in October."
    assert judge("Ewan Halloran-Pike will run a second one in October.", evidence).ok
    # the twins: another person named before the pronoun may be the one it stands for
    assert judge("Ewan Halloran-Pike will run a second one in October.",
                 "Ewan Halloran-Pike's tutor, Ada Lee, said the workshop sold out, so she will run a second one in October."
                 ).code == "unknown_subject"
    assert judge("Ewan Halloran-Pike will run a second one in October.",
                 "Ewan Halloran-Pike's workshop sold out, so Ada Lee will run a second one in October.").code == "unknown_subject"


def test_a_relative_clause_the_claim_adds_keeps_the_voice_of_the_participle() -> None:
    evidence = "Ruth Dallimore grew most of the 300 tomato seedlings sold at the sale."
    assert judge("Ruth Dallimore has grown most of the 300 tomato seedlings that were sold at the sale.", evidence).ok
    assert judge("Most of the 300 tomato seedlings sold at the sale grew Ruth Dallimore.", evidence).code \
        == "relation_transposed"


@pytest.mark.parametrize("evidence,refused,twin", [
    # "signed" is stated plainly only of the Windows installer; of the macOS one it is to come
    ("The Windows installer is signed, and the macOS installer will be signed next week.",
     "The macOS installer is signed.", "The Windows installer is signed."),
    ("Ada Lee is insured, and Ben Cole might be insured by Friday.", "Ben Cole is insured.", "Ada Lee is insured."),
], ids=lambda v: v[:40])
def test_a_hedged_clause_lends_no_plain_copy_of_its_words_to_its_own_subject(evidence: str, refused: str,
                                                                               twin: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, "asserts_more_than_evidence")


def test_not_yet_is_an_added_negation_not_a_change_of_voice() -> None:
    # "yet" is an adverb like "now": it does not hide the "be" before the word, so both sides
    # read it in the same voice and the one difference is the negation
    evidence = "Cross-platform saves between PC and Quest 3 are now available for all players."
    _refused_with_code_and_twin_admitted(
        evidence, "Cross-platform saves between PC and Quest 3 are not yet available for all players.",
        "Cross-platform saves between PC and Quest 3 are available for all players.", "asserts_more_than_evidence")


@pytest.mark.parametrize("evidence,refused,twin", [
    ("From 1 August, a hot-desk membership at The Pressworks will rise from £160 to £175 a month, "
     "while dedicated desks stay at £230.",
     "From 1 August, dedicated desks at The Pressworks will rise from £160 to £175 a month, "
     "while a hot-desk membership stays at £230.",
     "Dedicated desks stay at £230, while a hot-desk membership at The Pressworks will rise from £160 to £175 a month."),
    ("Ada Lee fixed the roof, and Ben Ray painted the door.",
     "Ada Lee painted the door, and Ben Ray fixed the roof.",
     "Ben Ray painted the door, and Ada Lee fixed the roof."),
], ids=lambda v: v[:40])
def test_two_phrases_that_cross_into_each_others_clause_are_transposed(evidence: str, refused: str,
                                                                        twin: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, "relation_transposed")


def test_the_agent_of_a_phrase_set_off_before_the_verb_does_not_do_the_verb() -> None:
    evidence = ("Harrowgate Rowing Club's women's pair, stroked by club captain Oona Petrakis, beat "
                "Kilnsey Boat Club by a length in the final.")
    # the inserted "stroked by" names who stroked, not who beat anyone
    v = judge("Oona Petrakis beat Kilnsey Boat Club by a length in the final.", evidence)
    assert not v.ok and v.code == "unknown_subject", v
    v = judge("Kilnsey Boat Club beat Harrowgate Rowing Club's women's pair by a length in the final.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    # the twins: the crew beat them, and Oona stroked the crew
    assert judge("Harrowgate Rowing Club's women's pair beat Kilnsey Boat Club by a length.", evidence).ok
    assert judge("Oona Petrakis stroked Harrowgate Rowing Club's women's pair.", evidence).ok


@pytest.mark.parametrize("evidence,refused,twin", [
    ("The referee abandoned the Harrow Athletic v Kelso Rovers match in the 71st minute, with Kelso Rovers leading 2-1.",
     "The referee abandoned the Harrow Athletic v Kelso Rovers match in the 71st minute, with Harrow Athletic leading 2-1.",
     "The Harrow Athletic v Kelso Rovers match was abandoned with Kelso Rovers leading 2-1."),
], ids=lambda v: v[:40])
def test_a_name_put_before_a_verb_the_evidence_gives_another_name_is_transposed(evidence: str, refused: str,
                                                                               twin: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, "relation_transposed")


def test_a_day_pointed_at_with_that_day_may_be_named_across_a_reordered_cause() -> None:
    evidence = "Dr Ines Vale has reserved Friday 6 June for a service visit, so no bookings are allowed that day."
    assert judge("No bookings are allowed on Friday 6 June, because Dr Ines Vale has reserved that day "
                 "for a service visit.", evidence).ok
    assert judge("No bookings are allowed on Friday 6 June.", evidence).ok
    # the twins: a day the negation is not said of, and the cause swapped
    v = judge("No bookings are allowed on Friday 6 June.",
              "Dr Ines Vale has reserved Friday 6 June for a visit, and no bookings are allowed on Monday 9 June.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    assert not judge("Dr Ines Vale has reserved Friday 6 June for a service visit because no bookings are allowed "
                     "that day.", evidence).ok


@pytest.mark.parametrize("evidence,refused,twin", [
    ("Dr. Ina Lowe trimmed the goats' feet and found no sign of foot rot.",
     "Dr. Ina Lowe trimmed the goats' feet and found foot rot.", "Dr. Ina Lowe trimmed the goats' feet."),
    ("The survey found no trace of asbestos in the east wing.", "The survey found asbestos in the east wing.",
     "The survey found no trace of asbestos."),
], ids=lambda v: v[:40])
def test_no_sign_of_negates_what_it_is_a_sign_of(evidence: str, refused: str, twin: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, "asserts_more_than_evidence")


def test_a_measure_joined_by_a_hyphen_neither_counts_the_thing_nor_stands_for_a_count() -> None:
    evidence = "Twelve new 300-litre oak barrels arrived from a cooperage in Hereford."
    # "300-litre" measures each barrel: dropping it leaves "twelve" counting the barrels
    assert judge("Twelve new oak barrels arrived from a cooperage in Hereford.", evidence).ok
    assert judge("Twelve new barrels arrived.", evidence).ok
    # the twins: the measure told as a count, and another count
    v = judge("300 new oak barrels arrived from a cooperage in Hereford.", evidence)
    assert not v.ok and v.code == "numeral_invented", v
    v = judge("Eleven new oak barrels arrived.", evidence)
    assert not v.ok and v.code == "numeral_invented", v


@pytest.mark.parametrize("evidence,twin,refused", [
    ("Cars 4, 9 and 12 passed their brake tests, while car 21 failed on its rear bogie.",
     "Car 21 failed on its rear bogie, while cars 4, 9 and 12 passed their brake tests.",
     "Car 4 failed on its rear bogie, while cars 21, 9 and 12 passed their brake tests."),
    ("Instructor Mateo Vane leads the classroom sessions, and instructor Signe Aalto supervises the dives in Corrie Rising.",
     "Instructor Signe Aalto supervises the dives in Corrie Rising, and instructor Mateo Vane leads the classroom sessions.",
     "Instructor Mateo Vane supervises the dives in Corrie Rising, and instructor Signe Aalto leads the classroom sessions."),
], ids=lambda v: v[:40])
def test_two_clauses_told_in_the_other_order_are_each_judged_against_their_own(evidence: str, twin: str,
                                                                               refused: str) -> None:
    assert judge(twin, evidence).ok, judge(twin, evidence)
    assert not judge(refused, evidence).ok


def test_a_perfect_progressive_may_be_told_as_a_perfect() -> None:
    evidence = "The Ashby herd of 64 goats has been producing between 150 and 180 litres of milk a day since April."
    assert judge("The Ashby herd of 64 goats has produced between 150 and 180 litres of milk a day since April.", evidence).ok
    # the twins: the simple past says it is over, and a present progressive has not got so far
    v = judge("The Ashby herd of 64 goats produced between 150 and 180 litres of milk a day.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("The club has repaired the slipway.", "The club is repairing the slipway.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


@pytest.mark.parametrize("evidence,refused,twin", [
    ("Volunteers treated 11 runners, mostly for sprains, and two were taken to hospital.",
     "Volunteers treated 11 runners for sprains.", "Volunteers treated 11 runners, mostly for sprains."),
    ("The Kelso market usually opens at 9 on Saturdays.", "The Kelso market opens at 9 on Saturdays.",
     "The Kelso market usually opens at 9."),
], ids=lambda v: v[:40])
def test_mostly_and_usually_are_kept_with_what_they_qualify(evidence: str, refused: str, twin: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, "asserts_more_than_evidence")


def test_what_the_evidence_says_of_some_is_not_said_of_all() -> None:
    evidence = "The guide warned that some yellow brackets growing on yew are poisonous."
    v = judge("Yellow brackets growing on yew are poisonous.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twins: "some" kept, and "some" of an object, which says nothing of all
    assert judge("Some yellow brackets growing on yew are poisonous.", evidence).ok
    assert judge("Ada Obi bought apples.", "Ada Obi bought some apples.").ok


@pytest.mark.parametrize("evidence,refused,twin", [
    ("Ines Achebe won the long course in 71 minutes, four minutes ahead of Corwin Tallis, who had won it last year.",
     "Ines Achebe, who had won it last year, won the long course in 71 minutes.",
     "Ines Achebe won the long course in 71 minutes, ahead of Corwin Tallis, who had won it last year."),
    ("The open class was won by Wilf Ansah, with Maren Tole second and the defending champion, Idris Vaughan, third.",
     "The open class was won by Wilf Ansah, with the defending champion, Maren Tole, second and Idris Vaughan third.",
     "The open class was won by Wilf Ansah, with the defending champion, Idris Vaughan, third."),
], ids=lambda v: v[:40])
def test_a_phrase_set_off_beside_one_name_is_not_said_of_another(evidence: str, refused: str, twin: str) -> None:
    _refused_with_code_and_twin_admitted(evidence, refused, twin, "relation_transposed")


def test_a_word_in_ly_before_the_subjects_noun_says_more_of_the_same_subject() -> None:
    evidence = "A cut section of fence at marker 11 let sheep into the wet meadow."
    _refused_with_code_and_twin_admitted(
        evidence, "A deliberately cut section of fence at marker 11 let sheep into the wet meadow.",
        "A cut section of fence at marker 11 let sheep into the wet meadow.", "asserts_more_than_evidence")
    # a noun in -ly is a subject of its own, which the evidence does not name
    v = judge("A family of otters was seen at marker 11.", "A pair of otters was seen at marker 11.")
    assert not v.ok and v.code == "unknown_subject", v


@pytest.mark.parametrize("evidence,claim,swapped", [
    ("The roof, which was fixed up by Ada Obi, leaks.", "The roof fixed up by Ada Obi leaks.",
     "The roof fixed up Ada Obi."),
    ("The works, which were carried out by Calder Trackways, finish soon.",
     "The works carried out by Calder Trackways finish soon.", "The works carried out Calder Trackways."),
], ids=lambda v: v[:40])
def test_a_phrasal_participle_before_by_is_a_passive_with_its_agent(evidence: str, claim: str, swapped: str) -> None:
    assert judge(claim, evidence).ok, judge(claim, evidence)
    v = judge(swapped, evidence)  # the twin: the one done to, made the doer
    assert not v.ok and v.code == "relation_transposed", v


def test_an_alternative_may_be_dropped_but_not_told_as_the_choice() -> None:
    evidence = "From 14 April, Dr Benedikt Aaltonen will lead the Wednesday ward round instead of the Tuesday round."
    assert judge("Dr Benedikt Aaltonen will lead the Wednesday ward round from 14 April.", evidence).ok
    v = judge("Dr Benedikt Aaltonen will lead the Tuesday round from 14 April.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_negation_is_said_of_its_own_clause_not_of_the_reason_after_it() -> None:
    evidence = "Because cloud was down to 600 metres, the coastguard helicopter Rescue 936 could not land."
    _refused_with_code_and_twin_admitted(
        evidence, "The coastguard helicopter Rescue 936 landed because cloud was down to 600 metres.",
        "The coastguard helicopter Rescue 936 could not land because cloud was down to 600 metres.",
        "asserts_more_than_evidence")
    # and a negation the evidence does not make is still refused, the reason reordered or not
    assert judge("The coastguard helicopter Rescue 936 could not land because cloud was down to 600 metres.",
                 "Because cloud was down to 600 metres, the coastguard helicopter Rescue 936 landed.").code \
        == "asserts_more_than_evidence"


def test_a_measure_after_by_is_no_agent_so_an_added_one_is_an_invented_number() -> None:
    evidence = "Anselm Kreutzberger has extended his contract with the orchestra until 2029."
    _refused_with_code_and_twin_admitted(
        evidence, "Anselm Kreutzberger has extended his contract with the orchestra by 4 years until 2029.",
        "Anselm Kreutzberger has extended his contract with the orchestra until 2029.", "numeral_invented")
    # a noun a preposition governs takes no "by" of its own: the agent is the participle's
    _refused_with_code_and_twin_admitted(
        "The Morwenna Grace towed the Silver Plover back into Porthkerris harbour by 16:05.",
        "The Morwenna Grace was towed back into Porthkerris harbour by the Silver Plover by 16:05.",
        "The Silver Plover was towed back into Porthkerris harbour by the Morwenna Grace by 16:05.",
        "relation_transposed")
    # a name after "by" is still the agent of a passive, and may not change places
    _refused_with_code_and_twin_admitted(
        "The orchestra was conducted by Anselm Kreutzberger.", "Anselm Kreutzberger was conducted by the orchestra.",
        "Anselm Kreutzberger conducted the orchestra.", "relation_transposed")


def test_a_name_after_a_preposition_that_opens_a_clause_is_that_clauses_subject() -> None:
    evidence = "At 14:12 the team was paged after walker Priya Raghunathan slipped on ice below Raven Crag."
    _refused_with_code_and_twin_admitted(
        evidence, "Priya Raghunathan was paged at 14:12.",  # she slipped; the team was paged
        "Priya Raghunathan slipped on ice below Raven Crag.", "unknown_subject")
    assert judge("Walker Priya Raghunathan slipped on ice below Raven Crag.", evidence).ok
    # "after" before a name with no verb of its own is still a preposition
    _refused_with_code_and_twin_admitted(
        "The team left after Priya Raghunathan.", "Priya Raghunathan left.", "The team left.", "unknown_subject")


def test_a_street_after_a_house_number_and_a_preposition_does_nothing() -> None:
    _refused_with_code_and_twin_admitted(
        "Tenant Halima Yusuf at 14 Cedar Court reported a burst pipe under her kitchen sink at 08:10.",
        "Cedar Court reported a burst pipe under her kitchen sink at 08:10.",
        "Tenant Halima Yusuf reported a burst pipe under her kitchen sink at 08:10.", "unknown_subject")
    # a year that ends the sentence before is no house number: the next sentence's name is its subject
    _refused_with_code_and_twin_admitted(
        "Priya Raman joined Acme Robotics in 2019. Dana Whitlock manages the Leeds depot.",
        "Acme Robotics manages the Leeds depot.", "Dana Whitlock manages the Leeds depot.", "unknown_subject")


def test_an_adverb_may_stand_on_either_side_of_its_verb_in_either_voice() -> None:
    evidence = "Turbine T-22 tripped at 16:45 and was reset remotely by the Aster control room."
    _refused_with_code_and_twin_admitted(evidence, "Turbine T-22 remotely reset the Aster control room.",
                                         "The Aster control room remotely reset turbine T-22.", "relation_transposed")
    # a name that ends like an adverb is still a name
    evidence = "Saoirse Ng has booked Rhiannon Kealy to open for Jonah Obi."
    _refused_with_code_and_twin_admitted(evidence, "Saoirse Ng has booked Jonah Obi to open for Rhiannon Kealy.",
                                         "Saoirse Ng booked Rhiannon Kealy to open for Jonah Obi.", "relation_transposed")


def test_a_named_agent_after_its_description_is_the_doer_and_a_fronted_time_moves_freely() -> None:
    evidence = "At 21:05 on 23 June, two kayakers were reported overdue by their campsite owner, Morag Lennox."
    assert judge("Morag Lennox reported two kayakers overdue at 21:05 on 23 June.", evidence).ok
    v = judge("Ian Dunn reported two kayakers overdue at 21:05 on 23 June.", evidence)
    assert not v.ok and v.code == "unknown_subject", v
    # a name that the sentence goes on after is no apposition of the agent
    v = judge("Morag Lennox reported two kayakers overdue.",
              "Two kayakers were reported overdue by their campsite owner, Morag Lennox said.")
    assert not v.ok and v.code == "unknown_subject", v
    # two times still swap
    v = judge("The shift ran from 17:00 to 09:00.", "The shift ran from 09:00 to 17:00.")
    assert not v.ok and v.code == "relation_transposed", v


def test_first_added_where_the_evidence_ranks_nothing_asserts_more_and_a_changed_rank_is_a_numeral() -> None:
    v = judge("Lukas Brenner passed his certification at the first attempt.", "Lukas Brenner passed his certification.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Ada Obi came first in the 200 m.", "Ada Obi came second in the 200 m.")
    assert not v.ok and v.code == "numeral_invented", v
    assert judge("Ada Obi came first in the 200 m.", "Ada Obi came first in the 200 m final.").ok


def test_a_name_after_of_says_whose_and_does_nothing() -> None:
    evidence = "Dr Nkechi Adeyemi of Fellside Vets examined 146 cows at Glenmorrow Farm."
    assert judge("Dr Nkechi Adeyemi examined 146 cows at Glenmorrow Farm.", evidence).ok
    v = judge("Fellside Vets examined 146 cows at Glenmorrow Farm.", evidence)
    assert not v.ok and v.code in ("unknown_subject", "relation_transposed"), v


def test_a_time_set_before_a_negated_sentence_holds_for_it() -> None:
    evidence = "On 26 February from 07:10 to 09:55, Tidewell drivers could not load routes."
    assert judge("Tidewell drivers could not load routes on 26 February from 07:10 to 09:55.", evidence).ok
    v = judge("The library is not open on Monday.", "The library is open on Monday, but not on Tuesday.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_in_after_a_number_is_inches_only_where_no_phrase_follows() -> None:
    evidence = "Dr Kiri Tane carried out a caesarean on Ewe 317 in the shed at 3am on 7 March."
    assert judge("Dr Kiri Tane carried out a caesarean on Ewe 317 on 7 March.", evidence).ok
    v = judge("Dr Kiri Tane carried out a caesarean on Ewe 318 on 7 March.", evidence)
    assert not v.ok and v.code == "numeral_invented", v
    # inches are still a unit the count may not lose
    v = judge("The new pipe is 6 long.", "The new pipe is 6 in long.")
    assert not v.ok and v.code == "numeral_invented", v


def test_a_half_that_ends_its_phrase_is_a_period_not_a_fraction() -> None:
    evidence = "Referee Mateo Rossi stopped play for 10 minutes in the second half after a lightning warning."
    assert judge("Referee Mateo Rossi stopped play for 10 minutes after a lightning warning.", evidence).ok
    v = judge("Florian Ndiaye finished the marathon.", "Florian Ndiaye finished the half marathon in 92 minutes.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_name_that_opens_the_main_clause_after_a_leading_one_is_its_subject() -> None:
    # the clause before ends in a number or a particle ("of £700,", "picked up,"), not in a
    # preposition the name is the object of
    grant = "After the Harling Arts Trust awarded a grant of £700, Kofi Adjei raised the set budget to £3,100."
    assert judge("Kofi Adjei raised the set budget to £3,100.", grant).ok
    trade = "Because spring trade has picked up, Marlow Garden Centre will close at 6:30 pm on Saturdays."
    assert judge("Marlow Garden Centre will close at 6:30 pm on Saturdays.", trade).ok
    # the twin: a name that only ends the leading clause did not do the main clause's verb
    handed = "After the Harling Arts Trust awarded a grant to Kofi Adjei, Lena Moss raised the set budget to £3,100."
    assert judge("Kofi Adjei raised the set budget to £3,100.", handed).code == "unknown_subject"
    assert judge("Lena Moss raised the set budget to £3,100.", handed).ok


def test_a_firm_named_with_an_ing_word_is_a_passive_s_whole_agent() -> None:
    evidence = "The mixer was repaired by Kessel Engineering on 16 April."
    assert judge("Kessel Engineering repaired the mixer on 16 April.", evidence).ok
    # the twin: the agent is still read, and another doer is refused
    assert not judge("Ada Brandt repaired the mixer on 16 April.", evidence).ok
    assert not judge("Kessel Engineering repaired the mixer on 16 April.",
                     "The mixer was repaired by Ada Brandt on 16 April, Kessel Engineering having failed to.").ok


def test_a_number_word_inside_a_role_after_by_is_the_passive_s_agent() -> None:
    evidence = "Marta Kowal was treated by first aider Ji-woo Baek and did not need hospital treatment."
    assert judge("First aider Ji-woo Baek treated Marta Kowal.", evidence).ok
    assert judge("Marta Kowal treated Ji-woo Baek.", evidence).code == "relation_transposed"
    # the twin: a number after "by" is still an amount, not a doer
    assert not judge("Ji-woo Baek extended the contract.", "The contract was extended by two years.").ok


def test_a_weekday_moves_as_a_time_does_across_a_voice_change() -> None:
    evidence = "On Monday Bartek Nowak fitted a new filter and impeller to Marsh Tern."
    assert judge("A new filter and impeller were fitted to Marsh Tern by Bartek Nowak on Monday.", evidence).ok
    # the twin: who fitted what to whom is still read
    assert judge("Marsh Tern fitted a new filter to Bartek Nowak on Monday.", evidence).code == "relation_transposed"


def test_a_subject_pronoun_needs_the_evidence_to_use_that_pronoun() -> None:
    owner = "Our oldest resident, Mrs Dora Abeke, celebrated her 103rd birthday on 28 June."
    assert judge("She celebrated her 103rd birthday on 28 June.", owner).code == "unknown_subject"
    assert judge("Mrs Dora Abeke celebrated her 103rd birthday on 28 June.", owner).ok
    printers = "Halden & Rook Printers will reprint the 400 faulty catalogues and deliver them by 13 December."
    assert judge("They will reprint the 400 faulty catalogues.", printers).code == "unknown_subject"
    assert judge("Halden & Rook Printers will reprint the 400 faulty catalogues.", printers).ok


def test_only_a_verb_has_a_voice() -> None:
    evidence = "Ama Nwosu was treated for mild hypothermia by paramedics at Gorran Cove slipway."
    assert judge("Paramedics treated Ama Nwosu for mild hypothermia at Gorran Cove slipway.", evidence).ok
    # the twin: who treated whom is still read
    assert judge("Ama Nwosu treated paramedics for mild hypothermia at Gorran Cove slipway.", evidence).code \
        == "relation_transposed"


def test_a_negated_word_affirmed_only_in_part_elsewhere_is_still_negated() -> None:
    evidence = "The Abergele wardrobe was wrapped in two blankets but was not stretch-wrapped."
    v = judge("The Abergele wardrobe was wrapped in two blankets and was stretch-wrapped.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twin: what the evidence affirms may still be claimed alone
    assert judge("The Abergele wardrobe was wrapped in two blankets.", evidence).ok


def test_a_verb_after_a_phrase_set_off_after_a_name_is_the_name_s_own() -> None:
    evidence = "Amelia Tang, aged 14, won the solo slot with a piece choreographed by Ines Morel."
    assert judge("Amelia Tang won the solo slot with a piece choreographed by Ines Morel.", evidence).ok
    # the twin: a participle set off after a noun is still a passive with its agent
    chronometer = "Ada Lund's chronometer, made in 1868 by Pellow & Sons, sold for £3,000."
    assert not judge("Ada Lund made the chronometer in 1868.", chronometer).ok


def test_a_code_s_possessive_is_not_part_of_the_code() -> None:
    evidence = "Bus S230 has since had its bell circuit repaired."
    assert judge("Bus S230's bell circuit has been repaired.", evidence).ok
    # the twin: another code is still invented
    v = judge("Bus S231's bell circuit has been repaired.", evidence)
    assert not v.ok and v.code == "numeral_invented", v


def test_a_verb_after_a_name_set_off_after_its_noun_is_the_name_s_own() -> None:
    evidence = "The customer, Mr Gideon Abbot, paid the balance of £1,085 by card on completion."
    assert judge("Mr Gideon Abbot paid the balance of £1,085 by card on completion.", evidence).ok
    # the twin: another payer is still refused
    assert not judge("Mrs Ruth Abbot paid the balance of £1,085 by card on completion.", evidence).ok


def test_a_number_hyphened_to_its_unit_measures_and_counts_nothing_that_can_move() -> None:
    evidence = "Beam 4 was lifted by a 9-tonne crane on 2 June."
    assert judge("A 9-tonne crane lifted Beam 4 on 2 June.", evidence).ok
    # the twin: the two numbers traded between the beam and the crane are still refused
    assert not judge("A 4-tonne crane lifted Beam 9 on 2 June.", evidence).ok


def test_a_reporter_before_a_clause_is_not_the_subject_of_its_verb() -> None:
    evidence = "Ada Obi reported that the press was repaired by Kelso Engineering for £900."
    assert judge("Ada Obi reported that Kelso Engineering repaired the press for £900.", evidence).ok
    # the twin: the press repairing the firm is still refused
    v = judge("Ada Obi reported that the press repaired Kelso Engineering for £900.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


@pytest.mark.parametrize("text", ["He should rest for 3 days.", "They won the regatta in May.", "It confirmed the grant on 2 May.",
                                  "In 2019, she joined Acme.", "Her collie found the hiker in 38 minutes.",
                                  "His tunings are now stable to within 2 cents.", "Their van broke down on 3 May."])
def test_a_pronoun_subject_names_no_one_even_quoted_from_evidence_that_uses_it(text: str) -> None:
    bad = subject_grounded.check(text, text)
    assert not bad.ok and bad.code == "unknown_subject" and bad.detail.lower() in text.lower().split(), bad
    # nor does a name the evidence does not give stand in for it
    assert not subject_grounded.check("Anwar Kassim should rest for 3 days.", "He should rest for 3 days.").ok
    # the twins: a claim that names its subject or its subject's owner, a pronoun after the name it
    # stands for, and the weather's "it"
    for ok in ("Anwar Kassim should rest for 3 days.", "Before Anwar Kassim left, he locked the door.",
               "It rained all night.", "Freya Moss's blood pressure was 140/90.",
               "When Freya Moss arrived, her blood pressure was 140/90."):
        assert subject_grounded.check(ok, ok).ok, ok


def test_a_relation_word_twice_in_the_claim_is_not_read_against_the_evidence_s_one() -> None:
    evidence = "The Tarn Fell Rescue Team reached the hut at 21:05 and carried Ivo Lund down to the road by stretcher."
    assert judge("Ivo Lund was carried down to the road by stretcher by the Tarn Fell Rescue Team.", evidence).ok
    # the twin: the rescued and the rescuers swapped are still refused
    v = judge("The Tarn Fell Rescue Team was carried down to the road by stretcher by Ivo Lund.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_all_says_what_every_says_of_the_same_noun() -> None:
    evidence = "Every Pestguard technician must log each visit in the app, every week."
    assert judge("All Pestguard technicians must log each visit in the app.", evidence).ok
    # the twin: an "all" of another noun than the evidence's "every" says more
    v = judge("Every Pestguard technician must log all visits in the app.", "Every Pestguard technician must log visits in the app, every week.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_swap_with_a_name_inside_the_object_or_behind_a_post_is_a_transposition() -> None:
    evidence = "Rahul Deshpande leads the Temperate House section and reports to Ingrid Solberg."
    assert judge("Rahul Deshpande reports to Ingrid Solberg.", evidence).ok
    v = judge("Ingrid Solberg reports to Rahul Deshpande.", evidence)  # not "Temperate House" reporting
    assert not v.ok and v.code == "relation_transposed", v
    evidence = "Lifeboat Operations Manager Roderick Fairbairn confirmed Morwenna Pascoe as coxswain."
    assert judge("Roderick Fairbairn confirmed Morwenna Pascoe as coxswain.", evidence).ok
    v = judge("Morwenna Pascoe confirmed Roderick Fairbairn as coxswain.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_noun_before_an_auxiliary_ends_the_subject_and_is_no_verb() -> None:
    evidence = "Elektra Lighting Ltd will replace the 24 perimeter lights at a cost of £38,500."
    assert judge("The 24 perimeter lights will be replaced by Elektra Lighting Ltd at a cost of £38,500.", evidence).ok
    # the twin: the roles swapped in the same voice are still refused
    v = judge("The 24 perimeter lights will replace Elektra Lighting Ltd at a cost of £38,500.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_verb_ending_in_ff_keeps_its_stem_through_the_voice_change() -> None:
    evidence = "The night desk will be staffed by Greta Vollmer on Mondays and Tuesdays."
    assert judge("Greta Vollmer will staff the night desk on Mondays and Tuesdays.", evidence).ok
    # the twin: another verb is still more than the evidence says
    v = judge("Greta Vollmer will stuff the night desk on Mondays and Tuesdays.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_capital_letter_after_a_name_is_part_of_it() -> None:
    evidence = "The Vault C upgrade cost £9,870 and was paid for by a grant from the Pellow Trust."
    assert judge("The Vault C upgrade cost £9,870.", evidence).ok
    v = judge("The Vault A upgrade cost £9,870.", evidence)  # another vault; "A" is no article here
    assert not v.ok and v.code == "unknown_subject", v


def test_a_title_ending_like_an_agent_is_no_frame() -> None:
    evidence = "Adviser Leonie Brandt explained that the 17:30 sailing was cancelled because of gusts."
    assert judge("Leonie Brandt explained that the 17:30 sailing was cancelled because of gusts.", evidence).ok
    # the twin: the verb "advised" is a frame, and dropping it says more than the evidence
    v = judge("The 17:30 sailing was cancelled.", "Leonie Brandt advised that the 17:30 sailing was cancelled.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_an_owner_inside_an_of_phrase_does_no_verb() -> None:
    evidence = "Lucia Ferrante of Ferrante's Bakehouse received 12 cases of butter on 14 June."
    assert judge("Lucia Ferrante received 12 cases of butter on 14 June.", evidence).ok
    # the twin: a name standing bare before the verb still does it
    v = judge("Lucia Ferrante received 12 cases of butter on 14 June.",
              "Lucia Ferrante said Ferrante's Bakehouse received 12 cases of butter on 14 June.")
    assert not v.ok, v


def test_a_fronted_place_holds_for_the_negated_clause_after_it() -> None:
    evidence = "At Glenmore Farm, the nearest house, ground vibration must not exceed 6 mm/s."
    assert judge("Ground vibration must not exceed 6 mm/s at Glenmore Farm, the nearest house.", evidence).ok
    # the twin: a place set before another clause says nothing of the negated one
    v = judge("Vibration did not exceed 6 mm/s at the quarry edge.",
              "At the quarry edge, vibration reached 9 mm/s, and at Glenmore Farm it did not exceed 6 mm/s.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_post_after_be_is_no_passive() -> None:
    # "be stage manager" names a post; read as a passive, the added "paid" was taken for a swap
    v = judge("Aiko Tanabe has agreed to be the paid stage manager for the spring play.",
              "Aiko Tanabe has agreed to be stage manager for the spring play.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twin: a real passive after "be" still has its doer
    v = judge("Arno Kessel cast the bell.", "The bell was cast by Arno Kessel.")
    assert v.ok, v


def test_keeping_just_without_its_not_says_the_opposite() -> None:
    evidence = "Bernadette Oyelaran has added a vegetarian option to the menu every day, not just on Mondays."
    v = judge("Bernadette Oyelaran has added a vegetarian option to the menu just on Mondays.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twin: dropping "not just" whole says less, which the evidence carries
    assert judge("Bernadette Oyelaran has added a vegetarian option to the menu on Mondays.", evidence).ok


def test_a_fronted_despite_holds_for_the_negated_clause_after_it() -> None:
    evidence = "Despite 18 mm of rain overnight, the Gaskell Park finish area did not flood."
    assert judge("The Gaskell Park finish area did not flood despite 18 mm of rain overnight.", evidence).ok
    v = judge("The Gaskell Park finish area did not flood despite 30 mm of rain overnight.", evidence)
    assert not v.ok, v


def test_a_word_said_again_in_another_form_is_a_word_added() -> None:
    evidence = "Piste Perfect Ski Hire recorded 4,860 rental days in the 2023-24 season, up from 4,215 the season before."
    v = judge("Piste Perfect Ski Hire recorded a record 4,860 rental days in the 2023-24 season.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    assert judge("Piste Perfect Ski Hire recorded 4,860 rental days in the 2023-24 season.", evidence).ok
    # a word the evidence opens its sentence with is no name, and may be said again lower case
    assert judge("48 new gallery volunteers were recruited by volunteer coordinator Tendai Moyo in May.",
                 "Volunteer coordinator Tendai Moyo recruited 48 new gallery volunteers in May.").ok


def test_an_ed_word_inside_a_name_does_not_end_the_passive_agent() -> None:
    evidence = "Yuki Tanabe's move was approved by Fatima Al-Sayed because Lindenfield Hall closes on 10 June."
    assert judge("Fatima Al-Sayed approved Yuki Tanabe's move because Lindenfield Hall closes on 10 June.", evidence).ok
    # the twin: the one who did not approve it is still refused
    assert not judge("Yuki Tanabe approved the move.", "The move was proposed by Yuki Tanabe and approved by Fatima Al-Sayed.").ok


def test_a_place_after_in_says_where_the_doer_is_and_does_nothing() -> None:
    evidence = "Dunmore Motors in Kelsworth quoted £412 to repair the brakes of van KX19 RMB."
    assert judge("Dunmore Motors quoted £412 to repair the brakes of van KX19 RMB.", evidence).ok
    v = judge("Kelsworth quoted £412 to repair the brakes of van KX19 RMB.", evidence)
    assert not v.ok and v.code in ("unknown_subject", "relation_transposed"), v


def test_a_clause_the_claim_drops_takes_its_negation_and_rate_with_it() -> None:
    evidence = ("Because two staff had not completed allergen training, Tariq Mahmood required allergen "
                "refresher training for all kitchen staff by 31 March.")
    assert judge("Tariq Mahmood required allergen refresher training for all kitchen staff by 31 March.", evidence).ok
    v = judge("Two staff had completed allergen training.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    evidence = "Marguerite Oyelaran moved from plot 14 to plot 27 because plot 14 floods every winter."
    assert judge("Marguerite Oyelaran moved from plot 14 to plot 27.", evidence).ok
    v = judge("Plot 14 floods.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_body_after_from_the_says_where_the_doer_is_from_and_does_nothing() -> None:
    evidence = "Judge Farida Rahimi from the Wessex Horticultural Guild assessed 112 entries across 18 classes."
    assert judge("Judge Farida Rahimi assessed 112 entries across 18 classes.", evidence).ok
    for body in ("Wessex Horticultural Guild", "The Wessex Horticultural Guild"):
        v = judge(f"{body} assessed 112 entries across 18 classes.", evidence)
        assert not v.ok and v.code in ("unknown_subject", "relation_transposed"), v


def test_a_number_repeated_in_place_of_another_is_invented() -> None:
    evidence = "Inkwell & Anchor Tattoo Studio was given a hygiene rating of 4 out of 5."
    assert judge("Inkwell & Anchor Tattoo Studio was given a hygiene rating of 4 out of 5.", evidence).ok
    v = judge("Inkwell & Anchor Tattoo Studio was given a hygiene rating of 5 out of 5.", evidence)
    assert not v.ok and v.code == "numeral_invented", v


def test_a_negation_of_what_a_rather_than_affirms_is_added() -> None:
    evidence = "Dr Lucia Ferreira recommended that peroxide formers be tested every three months rather than every six months."
    assert judge("Dr Lucia Ferreira recommended that peroxide formers be tested every three months.", evidence).ok
    v = judge("Dr Lucia Ferreira recommended that peroxide formers not be tested every three months.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_fronted_purpose_may_follow_the_negated_clause() -> None:
    evidence = "To make up for the delay, Hollins & Dey Flooring will fit a new brass door bar at no charge."
    assert judge("Hollins & Dey Flooring will fit a new brass door bar at no charge to make up for the delay.", evidence).ok
    v = judge("Hollins & Dey Flooring will not fit a new brass door bar to make up for the delay.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_focus_the_evidence_also_says_without_its_not_is_kept() -> None:
    # found by test_every_sentence_grounds_itself: a text must ground itself
    sentence = "only Ada can't only Ada"
    assert judge(sentence, sentence).ok
    v = judge("The café opens just on Mondays.", "The café opens every day, not just on Mondays.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_list_of_numbers_between_passive_and_agent_keeps_the_agent() -> None:
    evidence = "Pen 2 will be harvested on 25 and 26 June by the well-boat Ronja Skye."
    assert judge("The well-boat Ronja Skye will harvest Pen 2 on 25 and 26 June.", evidence).ok
    v = judge("Pen 2 will harvest the well-boat Ronja Skye on 25 and 26 June.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_noun_kept_from_its_whole_mention_drops_no_fraction() -> None:
    evidence = "The Millbrook Trust set the annual plot rent at £40 for a full plot and £22 for a half plot."
    assert judge("The Millbrook Trust set the annual plot rent at £40 for a full plot.", evidence).ok
    v = judge("The Millbrook Trust set the annual plot rent at £22 for a plot.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_number_inside_a_code_name_counts_nothing() -> None:
    # the claim names TV-4471 where the evidence says "it": the number is the name's, not a count
    evidence = "Dr Anahera Ngata has ordered TV-4471 to be regenerated in 2025 because it fell below the 85% threshold."
    assert judge("Because TV-4471 fell below the 85% threshold, Dr Anahera Ngata has ordered TV-4471 to be "
                 "regenerated in 2025.", evidence).ok
    v = judge("Because TV-4472 fell below the 85% threshold, Dr Anahera Ngata has ordered TV-4471 to be "
              "regenerated in 2025.", evidence)
    assert not v.ok and v.code == "numeral_invented", v


def test_a_plain_word_follows_its_verb_into_the_other_voice() -> None:
    # "first" and "aid" sit between the two names with the verb: only the verb's voice changed
    evidence = "A visitor slipped on wet cobbles near the rabbit barn and was given first aid by Hamish Doyle."
    assert judge("Hamish Doyle gave first aid to a visitor who slipped on wet cobbles near the rabbit barn.", evidence).ok
    v = judge("A visitor gave first aid to Hamish Doyle.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_fronted_phrase_of_time_ends_before_the_name_not_at_a_later_comma() -> None:
    # "On Fridays the taproom closes at 22:30, and it opens ...": the subject is the taproom
    evidence = "The Fennick Lane Taproom opens Wednesday to Sunday from 16:00 and closes at 22:30 on Fridays."
    assert judge("On Fridays the Fennick Lane Taproom closes at 22:30, and it opens Wednesday to Sunday from 16:00.",
                 evidence).ok
    v = judge("On Fridays it closes at 22:30, and the Fennick Lane Taproom opens Wednesday to Sunday from 16:00.",
              evidence)
    assert not v.ok and v.code == "unknown_subject", v


def test_two_nouns_joined_by_and_keep_the_passive_agent() -> None:
    evidence = "Ingrid Solberg has banned loose plastic from the yard and arena with immediate effect."
    assert judge("Loose plastic has been banned from the yard and arena by Ingrid Solberg with immediate effect.",
                 evidence).ok
    v = judge("Ingrid Solberg has been banned from the yard and arena by loose plastic.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_count_of_people_after_by_names_the_doers() -> None:
    # "by two volunteers" names who did it; "by 12%" says how much
    evidence = "The millpond sluice gate had been jammed by silt and was freed by two volunteers from the Carrow Creek Group."
    assert judge("Two volunteers from the Carrow Creek Group freed the millpond sluice gate.", evidence).ok
    v = judge("The millpond sluice gate freed two volunteers from the Carrow Creek Group.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    v = judge("12% increased the fee.", "The fee was increased by 12%.")
    assert not v.ok and v.code == "relation_transposed", v


def test_a_participle_after_and_shares_the_passive_be() -> None:
    evidence = ("The toddler pool at Kestrel Bay Lido was drained on 2 July after a faecal incident and "
                "refilled within 11 hours.")
    assert judge("The toddler pool at Kestrel Bay Lido was refilled within 11 hours.", evidence).ok
    v = judge("The toddler pool at Kestrel Bay Lido refilled 11 hours.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    # with an object after it, the second verb is active and its own negation is what is wrong
    v = judge("Tug TG-19 was serviced on 23 February and did not pass its brake test.",
              "Tug TG-19 was serviced on 23 February and passed its brake test.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_an_amount_after_of_in_a_noun_phrase_keeps_the_passive_agent() -> None:
    evidence = "Deepak Malhotra offered Helga Brandvold a free re-clean and a refund of £40."
    assert judge("Helga Brandvold was offered a free re-clean and a refund of £40 by Deepak Malhotra.", evidence).ok
    v = judge("Deepak Malhotra was offered a free re-clean and a refund of £40 by Helga Brandvold.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_verb_kept_from_its_own_subjects_clause_drops_no_other_qualifier() -> None:
    evidence = "Ines Duarte will judge the bread classes, and Tomasz Nowak has agreed to judge the jam classes."
    assert judge("Tomasz Nowak has agreed to judge the jam classes.", evidence).ok
    # the other clause's "will" still qualifies its own subject, and "agreed to" its own
    for claim in ("Ines Duarte judges the bread classes.", "Tomasz Nowak judges the jam classes."):
        v = judge(claim, evidence)
        assert not v.ok and v.code == "asserts_more_than_evidence", (claim, v)


def test_a_participle_after_the_object_follows_the_agent_into_the_passive() -> None:
    evidence = "Mirela Popescu tracked Saffron using the Kestrel radio tag on her leg."
    assert judge("Saffron was tracked by Mirela Popescu using the Kestrel radio tag on her leg.", evidence).ok
    for claim in ("Mirela Popescu was tracked by Saffron using the Kestrel radio tag on her leg.",
                  "Saffron tracked Mirela Popescu using the Kestrel radio tag on her leg."):
        v = judge(claim, evidence)
        assert not v.ok and v.code == "relation_transposed", (claim, v)


def test_so_turned_to_because_may_move_the_name_and_its_pronoun() -> None:
    evidence = "Lane 4 has a slight dip near the far end, so it will not be used for the county final."
    assert judge("Lane 4 will not be used for the county final, because it has a slight dip near the far end.", evidence).ok
    v = judge("Lane 4 has a slight dip near the far end, because it will not be used for the county final.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_another_verbs_by_is_not_the_agent_of_the_passive() -> None:
    evidence = "The Dunmore rink skipped by Ewan Baird beat the Carlow rink 6-5 in the semi-final."
    assert judge("The Carlow rink was beaten 6-5 in the semi-final by the Dunmore rink.", evidence).ok
    for claim in ("The Dunmore rink was beaten by the Carlow rink.", "The Carlow rink beat the Dunmore rink."):
        v = judge(claim, evidence)
        assert not v.ok and v.code == "relation_transposed", (claim, v)


def test_a_passive_agent_after_a_list_that_opens_with_a_count() -> None:
    evidence = "Customer services agent Bongani Dlamini offered Selin Aydın a refund of £40 and one free service wash."
    assert judge("Selin Aydın was offered a refund of £40 and one free service wash by Bongani Dlamini.", evidence).ok
    v = judge("Bongani Dlamini was offered a refund of £40 and one free service wash by Selin Aydın.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_cause_turned_round_may_name_what_the_evidence_takes_up_with_a_pronoun() -> None:
    evidence = ("The Pennington Vale Halvergate mower was not serviced last autumn, so its cylinder needs "
                "regrinding at a quoted cost of £340.")
    assert judge("The cylinder of the Pennington Vale Halvergate mower needs regrinding at a quoted cost of £340 "
                 "because the mower was not serviced last autumn.", evidence).ok
    v = judge("The Pennington Vale Halvergate mower was not serviced last autumn because its cylinder needs "
              "regrinding at a quoted cost of £340.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_cause_turned_round_may_name_the_object_the_evidence_takes_up_with_a_pronoun() -> None:
    evidence = "Magnus Oyelund could not fly the scheduled fuel run, so it has been moved to 16 March."
    assert judge("The scheduled fuel run has been moved to 16 March because Magnus Oyelund could not fly it.",
                 evidence).ok
    # the twins: "it" takes up the run, never the pilot; and a thing the evidence names after "so"
    # is not one the claim may swap in
    for claim, ev in (
        ("Magnus Oyelund has been moved to 16 March because he could not fly the scheduled fuel run.", evidence),
        ("The scheduled fuel run has been moved to 16 March because Magnus Oyelund could not fly it.",
         "Magnus Oyelund could not fly the scheduled fuel run, so the ferry has been moved to 16 March."),
    ):
        v = judge(claim, ev)
        assert not v.ok and v.code == "asserts_more_than_evidence", (claim, v)
    # and the pilot may be taken up by "he"
    assert judge("Magnus Oyelund has been moved to 16 March because he could not fly the scheduled fuel run.",
                 "Magnus Oyelund could not fly the scheduled fuel run, so he has been moved to 16 March.").ok


def test_a_second_participle_sharing_be_keeps_its_later_agent() -> None:
    evidence = ("The hull of Kingfisher Dawn was shot-blasted and coated with two-pack epoxy blacking by "
                "Sevenford Coatings.")
    assert judge("Sevenford Coatings coated the hull of Kingfisher Dawn with two-pack epoxy blacking.", evidence).ok
    v = judge("The hull of Kingfisher Dawn coated Sevenford Coatings with two-pack epoxy blacking.", evidence)
    assert not v.ok and v.code == "relation_transposed", v


def test_a_long_post_set_off_after_a_name_leaves_the_name_its_verb() -> None:
    evidence = ("Halvard Ostermoor, the farm manager at Brackwater Shoals Oyster Company, walked the lower trestles "
                "and counted fourteen bags torn by the storm.")
    assert judge("Halvard Ostermoor walked the lower trestles and counted fourteen bags torn by the storm.", evidence).ok
    # the twin: the trestles walking the manager is still refused
    v = judge("The lower trestles walked Halvard Ostermoor and counted fourteen bags torn by the storm.", evidence)
    assert not v.ok and v.code in ("relation_transposed", "unknown_subject"), v


def test_a_participle_with_its_own_by_does_not_lend_its_agent_to_an_earlier_verb() -> None:
    from fireweed.decider.subject_grounded import passive_voice
    from fireweed.decider.text import analyze

    def voice(text: str, word: str) -> tuple[bool, bool]:
        a = analyze(text)
        return passive_voice(a, [t.norm for t in a.tokens].index(word))

    # "bags torn by the storm": the storm tore; the walking before it has no agent
    assert voice("Halvard Ostermoor, the farm manager at Brackwater Shoals Oyster Company, walked the lower "
                 "trestles and counted bags torn by the storm.", "walked") == (False, False)
    # the twins: two participles joined by "and" share the "by" after the second
    assert voice("The ewes were sheared and counted by Ada Lee.", "sheared") == (True, True)
    assert voice("The box was left in the hall and opened by Ada Lee.", "left") == (True, True)


def test_a_relative_clause_may_be_given_as_the_participle_after_its_noun() -> None:
    evidence = "Casimir Dunleavy-Brandt chaired the meeting, which was held in the boathouse at Port Ballendrum."
    assert judge("Casimir Dunleavy-Brandt chaired the meeting held in the boathouse at Port Ballendrum.", evidence).ok
    # the twin: who did it, swapped round the same participle, is still refused
    v = judge("Ben Cole hired the van driven by Ada Lee.", "Ada Lee hired the van, which was driven by Ben Cole.")
    assert not v.ok and v.code == "relation_transposed", v
    assert judge("Ada Lee hired the van driven by Ben Cole.", "Ada Lee hired the van, which was driven by Ben Cole.").ok


def test_all_the_nouns_is_every_noun() -> None:
    evidence = "Dagfinn Ostrevik called every technician back to the roof for a tool-lanyard check."
    for said in ("all the technicians", "all of the technicians", "all technicians"):
        assert judge(f"Dagfinn Ostrevik called {said} back to the roof for a tool-lanyard check.", evidence).ok, said
    # the twin: an "every" of another noun does not ground "all the technicians"
    v = judge("Dagfinn Ostrevik called all the technicians back to the roof.",
              "Dagfinn Ostrevik called the technicians back to the roof every day.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_word_the_evidence_negates_with_non_is_not_grounded_by_it() -> None:
    evidence = "Deposits are now £60 and are non-refundable within seven days of the appointment."
    v = judge("Deposits are refundable within seven days of the appointment.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence" and "non-refundable" in v.detail, v
    # the twins: the "non-" kept, and the bare word said elsewhere in the evidence
    assert judge("Deposits are non-refundable within seven days of the appointment.", evidence).ok
    assert judge("Deposits are refundable.", "Deposits are refundable, but the booking fee is non-refundable.").ok


def test_a_condition_is_not_stated_as_done_behind_another_qualifier() -> None:
    evidence = ("The team agreed to replace all six syringe drivers by the end of March if the trustees approve "
                "a budget of 4,800 pounds.")
    v = judge("The trustees approved a budget of 4,800 pounds to replace all six syringe drivers.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twin: the condition kept
    assert judge("The team agreed to replace all six syringe drivers if the trustees approve a budget of 4,800 pounds.",
                 evidence).ok


def test_where_a_thing_came_from_is_not_where_it_went() -> None:
    evidence = "Lionel Thistlewood will lead the new finishing team, which includes four staff transferred from the dye room."
    v = judge("The new finishing team has four staff transferred to the dye room.", evidence)
    assert not v.ok and v.code == "relation_transposed" and "dye" in v.detail, v
    v = judge("Ada Lee moved to Leeds.", "Ada Lee moved from Leeds to York.")
    assert not v.ok and v.code == "relation_transposed", v
    # the twins: the same direction, and a time span whose ends are numbers
    assert judge("The new finishing team includes four staff transferred from the dye room.", evidence).ok
    assert judge("Ada Lee moved to York.", "Ada Lee moved from Leeds to York.").ok
    assert judge("The shop opens from 9 to 5.", "The shop opens from 9 to 5.").ok


def test_numbers_in_another_order_around_the_same_words_are_transposed() -> None:
    evidence = "Hollis Vane will staff Cinder Tower for the season, working ten days on and four days off."
    v = judge("Hollis Vane will staff Cinder Tower for the season, working four days on and ten days off.", evidence)
    assert not v.ok and v.code == "relation_transposed" and v.detail == "four", v
    # the twins: the evidence's order, and two numbers that the evidence gives in this order too
    assert judge("Hollis Vane will staff Cinder Tower, working ten days on and four days off.", evidence).ok
    assert judge("A ticket costs £7 for an adult and £3.50 for a child.",
                 "Tickets cost £7 for adults and £3.50 for children, and the proceeds go to the fund.").ok


def test_british_and_american_spellings_of_ise_words_are_one_word() -> None:
    evidence = "Gunnar Brice authorised explosive control work for 08:15, weather permitting."
    assert judge("Gunnar Brice authorized explosive control work for 08:15, weather permitting.", evidence).ok
    assert judge("The lab will analyse the core.", "The lab will analyze the core.").ok
    # the control: another word is still not said
    v = judge("Gunnar Brice cancelled explosive control work for 08:15, weather permitting.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_reported_will_may_be_told_as_would() -> None:
    evidence = "Ingrid Solvebakken announced that the depot will switch to the winter timetable on 12 February."
    assert judge("Ingrid Solvebakken announced that the depot would switch to the winter timetable on 12 February.",
                 evidence).ok
    # the controls: "would" without a verb of saying, and "would" for a hedge the evidence has
    v = judge("The depot would switch to the winter timetable on 12 February.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Ingrid Solvebakken announced that the depot would switch to the winter timetable on 12 February.",
              "Ingrid Solvebakken announced that the depot might switch to the winter timetable on 12 February.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_providing_with_an_object_is_a_verb_and_with_a_clause_a_condition() -> None:
    evidence = "Lucia Marr and Emeric Stoll will hold their wedding at Hartswell Manor on 7 September, with Thyme Catering providing the food."
    assert judge("Lucia Marr and Emeric Stoll will hold their wedding at Hartswell Manor on 7 September.", evidence).ok
    # the twins: a condition, with or without its comma
    for cond in (", providing the weather holds.", " providing the weather holds.", " provided they agree."):
        v = judge("The crew will sail on 7 May.", "The crew will sail on 7 May" + cond)
        assert not v.ok and v.code == "asserts_more_than_evidence", (cond, v)


def test_a_condition_after_a_so_clause_is_that_clauses_own() -> None:
    evidence = "Marisol Hart will be away from 29 July to 9 August, so Rosa Eke will hand over the ledgers if you come then."
    assert judge("Marisol Hart will be away from 29 July to 9 August.", evidence).ok
    # the twin: the clause the condition governs
    v = judge("Rosa Eke will hand over the ledgers.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence" and "if" in v.detail, v


def test_a_name_spoken_to_is_not_the_one_who_acts() -> None:
    claim = "Ottilie Marchbanks has approved the request to open the hall."
    # the positives over the same claim: the name as the subject, and with an apposition after it
    for evidence in ("Ottilie Marchbanks has approved the request to open the hall.",
                     "Ottilie Marchbanks, the treasurer, has approved the request to open the hall.",
                     "Ottilie Marchbanks, a trustee who chairs the board, has approved the request to open the hall."):
        assert judge(claim, evidence).ok, evidence
    # the name after a greeting, or set off before a subject of the sentence's own, is spoken to
    for evidence in ("Hi Ottilie Marchbanks, the board has approved your request to open the hall.",
                     "Ottilie Marchbanks, the board has approved your request to open the hall.",
                     "Dear Ottilie Marchbanks, our board has approved the request to open the hall."):
        v = judge(claim, evidence)
        assert not v.ok and v.code in ("unknown_subject", "relation_transposed") and "board" in v.remedy, (evidence, v)


def test_by_a_means_names_no_doer() -> None:
    evidence = "Tamsin Quellbrook confirmed by phone that the gallery will stock forty tumbler sets from May."
    assert judge("Tamsin Quellbrook confirmed that the gallery will stock forty tumbler sets from May.", evidence).ok
    # the controls: "by" a person is still the doer, and a means then a doer keeps the doer
    v = judge("Ada Obi confirmed the order.", "The order was confirmed by Ben Cole.")
    assert not v.ok and v.code == "unknown_subject", v
    assert judge("Ben Cole confirmed the order.", "The order was confirmed by phone by Ben Cole.").ok
    v = judge("Ada Obi confirmed the order.", "The order was confirmed by phone by Ben Cole.")
    assert not v.ok and v.code == "unknown_subject", v


def test_an_owner_is_not_the_doer_of_an_agentless_passive() -> None:
    evidence = "Ada Obi's van was repaired on Monday."
    assert judge("Ada Obi's van was repaired on Monday.", evidence).ok
    for claim in ("Ada Obi repaired the van on Monday.", "Ada Obi confirmed the order."):
        ev = evidence if "van" in claim else "Ada Obi's order was confirmed by phone."
        v = judge(claim, ev)
        assert not v.ok and v.code == "unknown_subject" and "someone else" in v.remedy, (claim, v)


def test_a_rate_binds_only_the_number_of_its_own_phrase() -> None:
    # the positives: the number beside its "a"/"every" loses its rate when the claim drops it
    for claim, evidence in (("The plant uses 5 megalitres.", "The plant uses 5 megalitres a day."),
                            ("Ada Obi runs 3 sessions.", "Ada Obi runs 3 sessions every week.")):
        v = judge(claim, evidence)
        assert not v.ok and v.code == "asserts_more_than_evidence" and "rate dropped" in v.detail, v
    # a time after a preposition is no rate, nor is "every" in a clause a conjunction opens
    assert judge("Mildew spots appeared on the lower leaves in rows 14 to 22.",
                 "Mildew spots appeared on the lower leaves in rows 14 to 22 after a week of warm rain.").ok
    assert judge("Saoirse Pendlebury-Knox spent four hours at the hatchery.",
                 "Saoirse Pendlebury-Knox spent four hours at the hatchery and walked every raceway.").ok


def test_a_bound_governs_its_number_not_the_phrase_after_it() -> None:
    evidence = "Magnus Oyelund flew the helicopter in from the coast in just under 50 minutes despite a strong crosswind."
    assert judge("Magnus Oyelund flew the helicopter in from the coast despite a strong crosswind.", evidence).ok
    # the twin: the number kept without its bound
    v = judge("Magnus Oyelund flew the helicopter in from the coast in 50 minutes.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence" and "under" in v.detail, v


def test_a_word_of_framing_after_a_determiner_is_a_noun() -> None:
    evidence = "Ilse Marchbank suspects that one of the vases has a restored rim, which would lower its estimate."
    assert judge("Ilse Marchbank suspects that one of the vases has a restored rim.", evidence).ok
    # the twins: the suspicion itself is still a frame, and "the alleged" still frames
    v = judge("The vases have a restored rim.", "Ilse Marchbank suspects that the vases have a restored rim, which would lower its estimate.")
    assert not v.ok and v.code == "asserts_more_than_evidence" and "suspects" in v.detail, v
    v = judge("Ben Cole stole the van.", "Police are investigating the alleged theft of the van by Ben Cole.")
    assert not v.ok, v


def test_the_writers_own_telling_states_what_it_tells() -> None:
    claim = "Perpetua Vellingham passed her escapement assessment."
    for evidence in ("We are pleased to say that Perpetua Vellingham passed her escapement assessment.",
                     "I can confirm that Perpetua Vellingham passed her escapement assessment."):
        assert judge(claim, evidence).ok, evidence
    # the twins: another's saying, hearsay, a belief and being told stay reports
    for evidence in ("Ada Obi said that Perpetua Vellingham passed her escapement assessment.",
                     "We hear that Perpetua Vellingham passed her escapement assessment.",
                     "We think that Perpetua Vellingham passed her escapement assessment.",
                     "I was told that Perpetua Vellingham passed her escapement assessment."):
        v = judge(claim, evidence)
        assert not v.ok and v.code == "asserts_more_than_evidence", (evidence, v)


def test_a_name_after_which_is_the_relative_clauses_own_subject() -> None:
    evidence = "Hortense Vandermeer found no problem with the records, which Jory Tremaine-Holt keeps by hand."
    assert judge("Jory Tremaine-Holt keeps the records by hand.", evidence).ok
    assert judge("Ada Obi chairs the board.", "Ada Obi, whom the members elected in May, chairs the board.").ok
    v = judge("Hortense Vandermeer keeps the records by hand.", evidence)
    assert not v.ok and v.code in ("unknown_subject", "relation_transposed") and "Jory" in v.remedy, v


def test_wrote_to_say_that_is_told_as_wrote_that() -> None:
    evidence = "Dorrit Penhallow wrote to say that Juniper Lace has moved more freely since the new saddle arrived."
    assert judge("Dorrit Penhallow wrote that Juniper Lace has moved more freely since the new saddle arrived.", evidence).ok
    # the twin: without the telling at all, it is still Dorrit's report
    v = judge("Juniper Lace has moved more freely since the new saddle arrived.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_a_present_set_on_one_calendar_day_is_a_timetables_future() -> None:
    evidence = "Rhiannon Gutteridge-Sato has been appointed second survey clerk and will start on 8 April."
    assert judge("Rhiannon Gutteridge-Sato was appointed second survey clerk and starts on 8 April.", evidence).ok
    # the twins: the past says it happened, and a day of the week is a habit the evidence only plans
    v = judge("Rhiannon Gutteridge-Sato was appointed second survey clerk and started on 8 April.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Ada Obi works on Mondays.", "Ada Obi will work on Mondays.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_an_aside_between_a_verb_of_agreeing_and_its_to_is_no_purpose() -> None:
    evidence = "Theobald Marchetti-Quaile agreed by telephone to pay £95 for the carousel repair."
    assert judge("Theobald Marchetti-Quaile agreed to pay £95 for the carousel repair.", evidence).ok
    assert judge("Theobald Marchetti-Quaile agreed to pay £95.", "Theobald Marchetti-Quaile agreed yesterday to pay £95.").ok
    # the twins: what was agreed is not told as done, and a real purpose still holds its verb
    v = judge("Theobald Marchetti-Quaile paid £95 for the carousel repair.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Ada Obi cut costs.", "Ada Obi switched to rye to cut costs.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v


def test_participants_either_side_of_a_relative_clause_set_off_by_commas_keep_their_roles() -> None:
    evidence = ("Marguerite Stavely, who was driving, stopped at once and exchanged details with the van's owner.")
    v = judge("The van's owner, who was driving, stopped at once and exchanged details with Marguerite Stavely.", evidence)
    assert not v.ok and v.code == "relation_transposed", v
    v = judge("The coach, who was tired, thanked the driver.", "The driver, who was tired, thanked the coach.")
    assert not v.ok and v.code == "relation_transposed", v
    # the twins: the same order, with and without the relative clause
    assert judge(evidence, evidence).ok
    assert judge("Marguerite Stavely exchanged details with the van's owner.", evidence).ok


def test_a_word_the_evidence_sets_before_another_noun_is_not_moved_onto_this_one() -> None:
    evidence = "Yolanda Brisbois will serve as acting district officer until a permanent replacement is found."
    v = judge("Yolanda Brisbois will serve as permanent district officer.", evidence)
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    v = judge("Ada Obi bought the red car.", "Ada Obi bought the blue car and a red bike.")
    assert not v.ok and v.code == "asserts_more_than_evidence", v
    # the twins: each word kept on its own noun, and a word the evidence says of no noun in particular
    assert judge("Yolanda Brisbois will serve as acting district officer.", evidence).ok
    assert judge("Ada Obi bought a red bike.", "Ada Obi bought the blue car and a red bike.").ok
    assert judge("Ada Obi bought the red car.", "Ada Obi bought the car, which is red.").ok


def test_a_purpose_after_a_clock_time_is_read_as_after_any_other_word() -> None:
    evidence = "At 9.40 am Ottoline Brackwater rang to say that her mother cannot travel to Ostlebury on 12 April."
    assert judge("Ottoline Brackwater rang at 9.40 am to say that her mother cannot travel to Ostlebury on 12 April.",
                 evidence).ok
    # the twin: what she rang to say is still not told as so
    v = judge("Ottoline Brackwater's mother cannot travel to Ostlebury on 12 April.", evidence)
    assert not v.ok, v


def test_a_cause_turned_round_may_move_a_mares_name_and_her_pronoun() -> None:
    evidence = "Marchpane, the grey mare, was lame on her near fore, so she was left unshod."
    assert judge("Marchpane was left unshod because she was lame on her near fore.", evidence).ok
    assert judge("Marchpane was left unshod because she was lame.", "Marchpane was lame, so she was left unshod.").ok
    # the twin: the effect made the cause
    v = judge("Marchpane was lame on her near fore because she was left unshod.", evidence)
    assert not v.ok, v


def test_can_told_as_could_only_after_a_verb_moved_into_the_past() -> None:
    evidence = "Ferris Oakhampton has asked every reporter to file copy by 16:00 so that the pages can close at 21:00."
    assert judge("Ferris Oakhampton asked every reporter to file copy by 16:00 so that the pages could close at 21:00.",
                 evidence).ok
    # the twins: "could" with the tense kept, or with no verb before it, adds a hedge
    bad = judge("Ferris Oakhampton has asked every reporter to file copy by 16:00 so that the pages could close at 21:00.",
                evidence)
    assert not bad.ok and bad.code == "asserts_more_than_evidence" and bad.detail == "could"
    assert not judge("The pages could close at 21:00.", "The pages can close at 21:00.").ok


def test_a_name_joined_by_and_inside_an_apposition_is_no_rival_subject() -> None:
    evidence = "Imre Castellane, buyer at Ostrow and Pell Joinery, ordered 80 oak boards on 2 June."
    assert judge("Imre Castellane ordered 80 oak boards on 2 June.", evidence).ok
    # the twin: a name after "and" that opens a clause of its own did the ordering
    v = judge("Imre Castellane ordered 80 oak boards on 2 June.",
              "Imre Castellane rang Ostrow, and Pell Joinery, a supplier, ordered 80 oak boards on 2 June.")
    assert not v.ok and v.code == "unknown_subject", v


def test_could_and_would_after_a_past_verb_of_saying_report_can_and_will() -> None:
    evidence = "Wenonah Falk warned me that the trailer can carry no more than 600 kilograms."
    assert judge("Wenonah Falk warned that the trailer could carry no more than 600 kilograms.", evidence).ok
    assert judge("Osric Delane promised that the parcels would leave Tarnby on 4 May.",
                 "Osric Delane has promised that the parcels will leave Tarnby on 4 May.").ok
    # the twins: with no verb of saying before it, "could" is a hedge and "would" drops the "will"
    assert not judge("The trailer could carry no more than 600 kilograms.", evidence).ok
    assert not judge("The parcels would leave Tarnby on 4 May.", "Osric Delane has promised that the parcels will leave Tarnby on 4 May.").ok


def test_a_condition_inside_a_clause_set_off_by_a_comma_conditions_that_clause() -> None:
    evidence = "Dr. Ilse Varga has cut Bramble's dose to 2 tablets daily, to be stopped after 10 days if the cough clears."
    assert judge("Dr. Ilse Varga has cut Bramble's dose to 2 tablets daily", evidence).ok
    evidence2 = "Tamsin Ferrow is planning a lantern walk on 3 November, which will go ahead only if the rain holds off."
    assert judge("Tamsin Ferrow is planning a lantern walk on 3 November", evidence2).ok
    # the twins: what the condition governs still needs it, and so does a clause it follows after a comma
    assert not judge("The lantern walk will go ahead.", evidence2).ok
    assert not judge("Dr. Ilse Varga's dose is to be stopped after 10 days.", evidence).ok
    assert not judge("Ada Brook will pay £50", "Ada Brook will pay £50, which is the deposit, if the work is finished.").ok


def test_a_rank_grounds_no_count() -> None:
    evidence = "Dr. Obi Lantern recommended a second lime dressing within 12 days."
    v = judge("Dr. Obi Lantern recommended a second lime dressing of 2 tonnes within 12 days.", evidence)
    assert not v.ok and v.code == "numeral_invented" and v.detail == "2", v
    # the twins: the rank itself, in words or figures, is still carried
    assert judge("Dr. Obi Lantern recommended a second lime dressing within 12 days.", evidence).ok
    assert judge("Dr. Obi Lantern recommended a 2nd lime dressing within 12 days.", evidence).ok
